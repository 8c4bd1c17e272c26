import { existsSync, readFileSync } from 'fs';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** Actions secrets of users, organizations and repositories: write-only, encrypted at rest. */
describe('actions secrets', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const PLAINTEXT = 'hunter2-very-secret-plaintext-value';

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('creates (201), updates (204) and deletes (204, then 404) a user secret, case-insensitively', async () => {
    const put = (name: string, data: string) =>
      server.request(`/user/actions/secrets/${name}`, { method: 'PUT', ...as(alice), body: { data } });
    expect((await put('deploy_key', PLAINTEXT)).status).toBe(201);
    expect((await put('DEPLOY_KEY', 'other')).status).toBe(204);
    expect((await server.request('/user/actions/secrets/Deploy_Key', { method: 'DELETE', ...as(alice) })).status).toBe(204);
    expect((await server.request('/user/actions/secrets/deploy_key', { method: 'DELETE', ...as(alice) })).status).toBe(404);
    expect((await server.request('/user/actions/secrets/x', { method: 'PUT', body: { data: 'v' } })).status).toBe(401);
  });

  it('refuses names Forgejo refuses (422) and a body without data (422)', async () => {
    for (const name of ['1abc', 'has-dash', 'GITHUB_TOKEN', 'gitea_x', 'Forgejo_y']) {
      const res = await server.request(`/user/actions/secrets/${name}`, { method: 'PUT', ...as(alice), body: { data: 'v' } });
      expect({ name, status: res.status }).toEqual({ name, status: 422 });
      expect(res.body.message).toMatch(/secretname/);
    }
    expect((await server.request('/user/actions/secrets/OK_NAME', { method: 'PUT', ...as(alice), body: {} })).status).toBe(422);
  });

  it('lists organization secrets (names and dates only) for owners; others are refused', async () => {
    const org = `org${Date.now().toString(36)}`;
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: org } })).status).toBe(201);
    expect(
      (await server.request(`/orgs/${org}/actions/secrets/NPM_TOKEN`, { method: 'PUT', ...as(alice), body: { data: PLAINTEXT } })).status,
    ).toBe(201);
    const listed = await server.request(`/orgs/${org}/actions/secrets`, as(alice));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ name: 'NPM_TOKEN', created_at: expect.any(String) }]);
    expect(listed.text).not.toContain(PLAINTEXT);
    expect((await server.request(`/orgs/${org}/actions/secrets`, as(bob))).status).toBe(403);
    expect((await server.request(`/orgs/${org}/actions/secrets/NPM_TOKEN`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
  });

  it('keeps repository secrets for repository administrators; a private repository is 404 to outsiders', async () => {
    const repo = await createTestRepository(server, alice.user, { isPrivate: true });
    const base = `/repos/${alice.name}/${repo.name}/actions/secrets`;
    expect((await server.request(`${base}/API_KEY`, { method: 'PUT', ...as(alice), body: { data: PLAINTEXT } })).status).toBe(201);
    expect((await server.request(base, as(alice))).body.map((s: { name: string }) => s.name)).toEqual(['API_KEY']);
    expect((await server.request(base, as(bob))).status).toBe(404);
    expect((await server.request(`${base}/API_KEY`, { method: 'DELETE', ...as(bob) })).status).toBe(404);
  });

  it('stores no plaintext value in the database', async () => {
    expect((await server.request('/user/actions/secrets/AT_REST', { method: 'PUT', ...as(alice), body: { data: PLAINTEXT } })).status).toBe(
      201,
    );
    const rows: { data: string }[] = await server.db.dataSource.query('SELECT data FROM action_secret');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.data).not.toContain(PLAINTEXT);
    if (server.config.database.type === 'sqlite3') {
      const path = server.config.database.path;
      const bytes = [path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file));
      expect(Buffer.concat(bytes).includes(Buffer.from(PLAINTEXT))).toBe(false);
      expect(Buffer.concat(bytes).includes(Buffer.from('AT_REST'))).toBe(true); // the file really holds the table
    }
  });
});
