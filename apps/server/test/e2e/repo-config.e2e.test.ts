import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * A repository's configuration files read as Forgejo reads them: the
 * .editorconfig resolved for a path (at a ref), issue templates in Markdown
 * and as YAML forms, the issue chooser's config and its validation, and what
 * a repository without them, or a private one, answers.
 */
describe('repository configuration files', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  async function repoWith(name: string, files: Record<string, string>, extra: Record<string, unknown> = {}): Promise<void> {
    const made = await server.request('/user/repos', { ...as(ada), method: 'POST', body: { name, auto_init: true, ...extra } });
    expect(made.status).toBe(201);
    if (Object.keys(files).length === 0) return;
    const changes = Object.entries(files).map(([path, text]) => ({ operation: 'create', path, content: b64(text) }));
    const committed = await server.request(`/repos/${ada.name}/${name}/contents`, {
      ...as(ada),
      method: 'POST',
      body: { files: changes, message: 'config' },
    });
    expect(committed.status).toBe(201);
  }

  const EDITORCONFIG = [
    'root = true',
    '[*]',
    'indent_style = space',
    'indent_size = 2',
    'end_of_line = LF',
    'charset = utf-8',
    'trim_trailing_whitespace = true',
    '[*.{go,mk}]',
    'indent_style = tab',
    '[docs/**.md]',
    'indent_size = 4',
    '',
  ].join('\n');

  const BUG_FORM = [
    'name: Bug report',
    'description: Something does not work',
    'title: "[Bug]: "',
    'labels: ["bug", "triage"]',
    'ref: main',
    'body:',
    '  - type: markdown',
    '    attributes:',
    '      value: Thanks for reporting!',
    '  - type: textarea',
    '    id: what',
    '    attributes:',
    '      label: What happened?',
    '    validations:',
    '      required: true',
    '  - type: dropdown',
    '    attributes:',
    '      label: Version',
    '      options: ["1.0", "2.0"]',
    '',
  ].join('\n');

  const FEATURE_MD = [
    '---',
    'name: Feature request',
    'about: Suggest an idea',
    'labels: enhancement, idea',
    '---',
    '',
    'Describe the idea.',
    '',
  ].join('\n');

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
    await repoWith('configured', {
      '.editorconfig': EDITORCONFIG,
      '.gitea/ISSUE_TEMPLATE/bug.yaml': BUG_FORM,
      '.gitea/ISSUE_TEMPLATE/feature.md': FEATURE_MD,
      '.gitea/ISSUE_TEMPLATE/broken.yaml': 'name: Broken\nabout: no body\n',
      '.gitea/ISSUE_TEMPLATE/notes.txt': 'not a template',
      '.gitea/ISSUE_TEMPLATE/config.yml': [
        'blank_issues_enabled: false',
        'contact_links:',
        '  - name: Forum',
        '    url: https://forum.example.org',
        '    about: Ask questions there',
        '',
      ].join('\n'),
    });
    await repoWith('plain', {});
    await repoWith('badconfig', {
      '.forgejo/ISSUE_TEMPLATE/config.yaml': 'contact_links:\n  - name: Forum\n    url: https://forum.example.org\n',
    });
    await repoWith('secret', { '.editorconfig': EDITORCONFIG }, { private: true });
  });
  afterAll(async () => server?.close());

  it('resolves the .editorconfig for a file path, later sections winning, with Forgejo’s fields only', async () => {
    const go = await server.request(`/repos/${ada.name}/configured/editorconfig/cmd/main.go`, as(bo));
    expect(go.status).toBe(200);
    expect(go.body).toEqual({ charset: 'utf-8', indent_style: 'tab', indent_size: '2', end_of_line: 'lf' });
    const doc = await server.request(`/repos/${ada.name}/configured/editorconfig/docs/guide/intro.md`);
    expect(doc.body).toMatchObject({ indent_style: 'space', indent_size: '4' });
    const readme = await server.request(`/repos/${ada.name}/configured/editorconfig/README.md`);
    expect(readme.body).toMatchObject({ indent_size: '2' });
  });

  it('reads the .editorconfig at a ref, and answers 404 where there is none', async () => {
    const history = await server.request(`/repos/${ada.name}/configured/commits?limit=5`, as(ada));
    const initial = history.body[history.body.length - 1].sha;
    expect((await server.request(`/repos/${ada.name}/configured/editorconfig/a.go?ref=${initial}`)).status).toBe(404);
    expect((await server.request(`/repos/${ada.name}/configured/editorconfig/a.go?ref=main`)).status).toBe(200);
    expect((await server.request(`/repos/${ada.name}/plain/editorconfig/a.go`)).status).toBe(404);
    expect((await server.request(`/repos/${ada.name}/configured/editorconfig/a.go?ref=no-such-branch`)).status).toBe(404);
  });

  it('lists the valid issue templates: a YAML form and a Markdown template with front matter', async () => {
    const res = await server.request(`/repos/${ada.name}/configured/issue_templates`);
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issue_templates', 200, res.body);
    expect(res.body.map((t: any) => t.file_name).sort()).toEqual(['.gitea/ISSUE_TEMPLATE/bug.yaml', '.gitea/ISSUE_TEMPLATE/feature.md']);
    const bug = res.body.find((t: any) => t.name === 'Bug report');
    expect(bug).toMatchObject({
      about: 'Something does not work',
      title: '[Bug]: ',
      labels: ['bug', 'triage'],
      ref: 'refs/heads/main',
      content: '',
    });
    expect(bug.body.map((f: any) => [f.type, f.id, f.visible])).toEqual([
      ['markdown', '0', ['form']],
      ['textarea', 'what', ['form', 'content']],
      ['dropdown', '2', ['form', 'content']],
    ]);
    expect(bug.body[1].validations).toEqual({ required: true });
    const feature = res.body.find((t: any) => t.name === 'Feature request');
    expect(feature).toMatchObject({
      about: 'Suggest an idea',
      labels: ['enhancement', 'idea'],
      content: '\nDescribe the idea.\n',
      body: [],
    });
    expect((await server.request(`/repos/${ada.name}/plain/issue_templates`)).body).toEqual([]);
  });

  it('reads the issue config, the default one without a file, and validates it', async () => {
    const config = await server.request(`/repos/${ada.name}/configured/issue_config`);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issue_config', 200, config.body);
    expect(config.body).toEqual({
      blank_issues_enabled: false,
      contact_links: [{ name: 'Forum', url: 'https://forum.example.org', about: 'Ask questions there' }],
    });
    expect((await server.request(`/repos/${ada.name}/plain/issue_config`)).body).toEqual({ blank_issues_enabled: true, contact_links: [] });
    const valid = await server.request(`/repos/${ada.name}/configured/issue_config/validate`);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issue_config/validate', 200, valid.body);
    expect(valid.body).toEqual({ valid: true, message: '' });
    expect((await server.request(`/repos/${ada.name}/badconfig/issue_config/validate`)).body).toEqual({
      valid: false,
      message: 'contact_link at position 1 is missing about key',
    });
    expect((await server.request(`/repos/${ada.name}/badconfig/issue_config`)).body).toEqual({
      blank_issues_enabled: true,
      contact_links: [],
    });
  });

  it('keeps a private repository’s files invisible to others', async () => {
    for (const path of ['editorconfig/a.go', 'issue_templates', 'issue_config', 'issue_config/validate']) {
      expect((await server.request(`/repos/${ada.name}/secret/${path}`, as(bo))).status).toBe(404);
      expect((await server.request(`/repos/${ada.name}/secret/${path}`)).status).toBe(404);
    }
    expect((await server.request(`/repos/${ada.name}/secret/editorconfig/a.go`, as(ada))).status).toBe(200);
  });
});
