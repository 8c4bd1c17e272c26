import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/** Repository flags: site admins add, check, replace and remove them; nobody else may, not even the owner. */
describe('repository flags', () => {
  let server: TestServer;
  let admin: TestUser;
  let ada: TestUser;
  let bo: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const flags = (repo = 'flagged') => `/repos/${ada.name}/${repo}/flags`;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    ada = await createTestUser(server);
    bo = await createTestUser(server);
    for (const [name, isPrivate] of [
      ['flagged', false],
      ['hidden', true],
    ] as const) {
      expect((await server.request('/user/repos', { ...as(ada), method: 'POST', body: { name, private: isPrivate } })).status).toBe(201);
    }
  });
  afterAll(async () => server?.close());

  it('adds, checks, lists and removes flags, twice changing nothing', async () => {
    expect((await server.request(`${flags()}/featured`, { ...as(admin), method: 'PUT' })).status).toBe(204);
    expect((await server.request(`${flags()}/featured`, { ...as(admin), method: 'PUT' })).status).toBe(204);
    expect((await server.request(`${flags()}/reviewed`, { ...as(admin), method: 'PUT' })).status).toBe(204);
    const list = await server.request(flags(), as(admin));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/flags', 200, list.body);
    expect(list.body).toEqual(['featured', 'reviewed']);
    expect((await server.request(`${flags()}/featured`, as(admin))).status).toBe(204);
    expect((await server.request(`${flags()}/missing`, as(admin))).status).toBe(404);
    expect((await server.request(`${flags()}/featured`, { ...as(admin), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(`${flags()}/featured`, { ...as(admin), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(flags(), as(admin))).body).toEqual(['reviewed']);
  });

  it('replaces all flags, and deletes all', async () => {
    const replaced = await server.request(flags(), { ...as(admin), method: 'PUT', body: { flags: ['a', 'b', 'a'] } });
    expect(replaced.status).toBe(204);
    expect((await server.request(flags(), as(admin))).body).toEqual(['a', 'b']);
    const refused = await server.request(flags(), { ...as(admin), method: 'PUT', body: { flags: ['ok', ''] } });
    expect([refused.status, refused.body.message]).toEqual([422, expect.stringContaining('must not be empty')]);
    expect((await server.request(flags(), as(admin))).body).toEqual(['a', 'b']);
    expect((await server.request(flags(), { ...as(admin), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(flags(), as(admin))).body).toEqual([]);
  });

  it('is for site admins only: 403 for the owner and others, 404 where the repository is invisible', async () => {
    await server.request(`${flags()}/kept`, { ...as(admin), method: 'PUT' });
    for (const user of [ada, bo]) {
      expect((await server.request(flags(), as(user))).status).toBe(403);
      expect((await server.request(`${flags()}/kept`, as(user))).status).toBe(403);
      expect((await server.request(`${flags()}/new`, { ...as(user), method: 'PUT' })).status).toBe(403);
      expect((await server.request(`${flags()}/kept`, { ...as(user), method: 'DELETE' })).status).toBe(403);
      expect((await server.request(flags(), { ...as(user), method: 'DELETE' })).status).toBe(403);
      expect((await server.request(flags(), { ...as(user), method: 'PUT', body: { flags: [] } })).status).toBe(403);
    }
    expect((await server.request(flags())).status).toBe(403);
    expect((await server.request(flags('hidden'), as(bo))).status).toBe(404);
    expect((await server.request(`${flags('hidden')}/x`, { ...as(admin), method: 'PUT' })).status).toBe(204);
    expect((await server.request(flags(), as(admin))).body).toEqual(['kept']);
  });
});
