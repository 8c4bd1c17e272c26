import { issueConfigFrom, issueTemplateFrom, issueTemplateKind, splitFrontMatter } from '../../src/repo-config';

describe('issue templates', () => {
  it('are Markdown or YAML files, never the config file', () => {
    expect(['a.md', 'b.yaml', 'c.yml', 'config.yml', 'x/config.yaml', 'd.txt'].map(issueTemplateKind)).toEqual([
      'markdown',
      'form',
      'form',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('split Markdown at its front matter, and refuse Markdown without one', () => {
    expect(splitFrontMatter('---\nname: A\n---\nbody\n')).toEqual({ frontMatter: 'name: A', body: 'body\n' });
    expect(splitFrontMatter('# just text\n')).toBeUndefined();
    expect(splitFrontMatter('---\nname: A\n')).toBeUndefined();
  });

  it('need a name and an about (a form’s description counts)', () => {
    expect(issueTemplateFrom('t.md', { about: 'x' }, '')).toEqual({ problem: "'name' is required" });
    expect(issueTemplateFrom('t.md', { name: 'x' }, '')).toEqual({ problem: "'about' is required" });
    expect(issueTemplateFrom('t.md', { name: 'n', about: 'a', labels: 'bug, ui', ref: 'refs/tags/v1' }, 'text')).toMatchObject({
      labels: ['bug', 'ui'],
      ref: 'refs/tags/v1',
      content: 'text',
    });
  });

  it('check form fields: known types, labels, options and distinct ids', () => {
    const form = (body: unknown) => issueTemplateFrom('f.yaml', { name: 'n', description: 'd', body }, '');
    expect(form([])).toEqual({ problem: "'body' is required" });
    expect(form([{ type: 'slider', attributes: { label: 'x' } }])).toEqual({ problem: 'body[0]: unknown type "slider"' });
    expect(form([{ type: 'input', attributes: {} }])).toEqual({ problem: "body[0]: 'label' is required" });
    expect(form([{ type: 'dropdown', attributes: { label: 'v' } }])).toEqual({
      problem: "body[0]: 'options' is required and should be an array",
    });
    expect(
      form([
        { type: 'input', id: 'a', attributes: { label: 'x' } },
        { type: 'input', id: 'a', attributes: { label: 'y' } },
      ]),
    ).toEqual({
      problem: "body[1]: 'id' should be unique",
    });
    expect(form([{ type: 'input', attributes: { label: 'x' }, visible: ['form'] }])).toMatchObject({
      about: 'd',
      body: [{ id: '0', visible: ['form'] }],
    });
  });
});

describe('issue config', () => {
  it('is the default for an empty file, and reads links', () => {
    expect(issueConfigFrom(null)).toEqual({ blank_issues_enabled: true, contact_links: [] });
    expect(issueConfigFrom({ blank_issues_enabled: false, contact_links: [{ name: 'n', url: '/help', about: 'a' }] })).toEqual({
      blank_issues_enabled: false,
      contact_links: [{ name: 'n', url: '/help', about: 'a' }],
    });
  });

  it('names the first problem of a link', () => {
    expect(issueConfigFrom({ contact_links: [{ url: 'https://x.org', about: 'a' }] })).toEqual({
      problem: 'contact_link at position 1 is missing name key',
    });
    expect(issueConfigFrom({ contact_links: [{ name: 'n', url: 'not a url', about: 'a' }] })).toEqual({
      problem: 'not a url is not a valid URL',
    });
    expect(issueConfigFrom({ blank_issues_enabled: 'maybe' })).toEqual({ problem: 'blank_issues_enabled must be true or false' });
  });
});
