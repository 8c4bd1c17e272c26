import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * The templates a repository starts from: label sets, gitignore templates and
 * licenses listed and read as in Forgejo, then applied by repository creation
 * (.gitignore, LICENSE and README in the first commit, the label set's labels);
 * an unknown name fails and creates nothing.
 */
describe('repository templates', () => {
  let server: TestServer;
  let ada: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const raw = async (repo: string, path: string) => (await server.request(`/repos/${ada.name}/${repo}/raw/${path}`, as(ada))).text;

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
  });
  afterAll(async () => server?.close());

  it('lists and reads label sets, with colours as Forgejo sends them', async () => {
    const list = await server.request('/label/templates');
    expectForgejoShape('GET', '/label/templates', 200, list.body);
    expect(list.body).toEqual(['Advanced', 'Default']);
    const labels = await server.request('/label/templates/Advanced');
    expectForgejoShape('GET', '/label/templates/{name}', 200, labels.body);
    expect(labels.body).toContainEqual({ name: 'Priority/High', color: 'd32f2f', description: 'The priority is high', exclusive: true });
    expect((await server.request('/label/templates/Default')).body.map((l: any) => l.name)).toContain('help wanted');
    expect((await server.request('/label/templates/Nope')).status).toBe(404);
  });

  it('lists and reads gitignore templates', async () => {
    const list = await server.request('/gitignore/templates');
    expectForgejoShape('GET', '/gitignore/templates', 200, list.body);
    expect(list.body).toEqual(expect.arrayContaining(['Go', 'Node', 'Python', 'macOS']));
    const go = await server.request('/gitignore/templates/Go');
    expectForgejoShape('GET', '/gitignore/templates/{name}', 200, go.body);
    expect(go.body.name).toBe('Go');
    expect(go.body.source).toContain('*.test');
    expect((await server.request('/gitignore/templates/NoSuchLanguage')).status).toBe(404);
  });

  it('lists licenses, preferred first, and reads one with its text', async () => {
    const list = await server.request('/licenses');
    expectForgejoShape('GET', '/licenses', 200, list.body);
    expect(list.body.slice(0, 2).map((l: any) => l.key)).toEqual(['Apache-2.0', 'MIT']);
    expect(list.body.length).toBeGreaterThan(400);
    const mit = await server.request('/licenses/MIT');
    expectForgejoShape('GET', '/licenses/{name}', 200, mit.body);
    expect(mit.body).toMatchObject({ key: 'MIT', name: 'MIT', url: `${server.apiUrl}/licenses/MIT` });
    expect(mit.body.body).toContain('Permission is hereby granted, free of charge');
    expect(mit.body.implementation).toMatch(/LICENSE/);
    expect((await server.request('/licenses/Not-A-License')).status).toBe(404);
  });

  it('writes the chosen README, .gitignore and LICENSE in the first commit and creates the label set', async () => {
    const made = await server.request('/user/repos', {
      ...as(ada),
      method: 'POST',
      body: {
        name: 'started',
        description: 'A start',
        auto_init: true,
        gitignores: 'Go,Node',
        license: 'MIT',
        readme: 'Default',
        issue_labels: 'Default',
      },
    });
    expect(made.status).toBe(201);
    expect(await raw('started', 'README.md')).toBe('# started\n\nA start\n');
    const gitignore = await raw('started', '.gitignore');
    expect(gitignore.startsWith('# ---> Go\n')).toBe(true);
    expect(gitignore).toContain('\n# ---> Node\n');
    expect(gitignore).toContain('node_modules/');
    const license = await raw('started', 'LICENSE');
    expect(license).toContain(`Copyright (c) ${new Date().getUTCFullYear()} ${ada.name}`);
    expect(license).not.toContain('<year>');
    const labels = await server.request(`/repos/${ada.name}/started/labels?limit=50`, as(ada));
    expect(labels.body.map((l: any) => [l.name, l.color])).toEqual(
      expect.arrayContaining([
        ['bug', 'ee0701'],
        ['help wanted', '128a0c'],
      ]),
    );
    expect(labels.body).toHaveLength(7);
  });

  it('creates the label set without auto_init, and ignores gitignores and license there as Forgejo does', async () => {
    const made = await server.request('/user/repos', {
      ...as(ada),
      method: 'POST',
      body: { name: 'empty-labelled', issue_labels: 'Advanced', gitignores: 'NoSuch', license: 'NoSuch' },
    });
    expect(made.status).toBe(201);
    expect(made.body.empty).toBe(true);
    const labels = await server.request(`/repos/${ada.name}/empty-labelled/labels?limit=50`, as(ada));
    expect(labels.body.find((l: any) => l.name === 'Status/Blocked')).toMatchObject({ exclusive: true, color: '880e4f' });
  });

  it('refuses unknown template names and creates nothing', async () => {
    const attempts: [Record<string, unknown>, number, RegExp][] = [
      [{ auto_init: true, readme: 'Fancy' }, 400, /readme template does not exist/],
      [{ auto_init: true, gitignores: 'Go,NoSuchLanguage' }, 422, /gitignore template "NoSuchLanguage"/],
      [{ auto_init: true, license: 'Not-A-License' }, 422, /license "Not-A-License"/],
      [{ issue_labels: 'Nope' }, 422, /label template "Nope"/],
    ];
    for (const [choice, status, message] of attempts) {
      const refused = await server.request('/user/repos', { ...as(ada), method: 'POST', body: { name: 'refused', ...choice } });
      expect([refused.status, refused.body.message]).toEqual([status, expect.stringMatching(message)]);
      expect((await server.request(`/repos/${ada.name}/refused`, as(ada))).status).toBe(404);
    }
  });
});
