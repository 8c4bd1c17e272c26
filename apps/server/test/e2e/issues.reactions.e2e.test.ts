import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Reactions on issues and comments: Forgejo's 201 for a new reaction and 200
 * for one left before, the allowed list of /settings/ui, taking back, the
 * lists, and privacy.
 */
describe('reactions', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issues = (r: RepositoryEntity, rest = '') => `/repos/${owner.name}/${r.name}/issues${rest}`;

  async function open(r: RepositoryEntity, title: string): Promise<number> {
    const res = await server.request(issues(r), { method: 'POST', body: { title }, ...as(owner) });
    expect(res.status).toBe(201);
    return res.body.number;
  }
  const react = (path: string, user: TestUser, content: unknown, method = 'POST') =>
    server.request(path, { method, body: { content }, ...as(user) });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
    await server.db.collaborations.set(secret.id, reader.user.id, 'read');
  }, 60_000);
  afterAll(() => server?.close());

  it('adds a reaction to an issue with 201, answers 200 for the same again, and lists them oldest first', async () => {
    const path = issues(repo, `/${await open(repo, 'Like me')}/reactions`);
    const added = await react(path, reader, 'heart');
    expect(added.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/issues/{index}/reactions', 201, added.body);
    expect(added.body).toMatchObject({ content: 'heart', user: { login: reader.name } });
    const again = await react(path, reader, 'heart');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(added.body);
    expect((await react(path, owner, 'heart')).status).toBe(201);
    expect((await react(path, reader, '+1')).status).toBe(201);

    const list = await server.request(path);
    expect(list.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/reactions', 200, list.body);
    expect(list.body.map((r: any) => [r.user.login, r.content])).toEqual([
      [reader.name, 'heart'],
      [owner.name, 'heart'],
      [reader.name, '+1'],
    ]);
    expect(list.headers.get('x-total-count')).toBe('3');
    expect((await server.request(`${path}?limit=1&page=2`)).body.map((r: any) => r.user.login)).toEqual([owner.name]);

    const taken = await react(path, reader, 'heart', 'DELETE');
    expect(taken.status).toBe(200);
    expect((await react(path, reader, 'heart', 'DELETE')).status).toBe(200);
    expect((await server.request(path)).body.map((r: any) => [r.user.login, r.content])).toEqual([
      [owner.name, 'heart'],
      [reader.name, '+1'],
    ]);
  });

  it('accepts only the reactions /settings/ui lists', async () => {
    const path = issues(repo, `/${await open(repo, 'Picky')}/reactions`);
    const allowed = (await server.request('/settings/ui')).body.allowed_reactions;
    for (const content of allowed) expect((await react(path, reader, content)).status).toBe(201);
    const refused = await react(path, reader, 'thinking');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/thinking/);
    expect((await react(path, reader, '')).status).toBe(422);
    expect((await react(path, reader, 42)).status).toBe(422);
    expect((await server.request(path)).body).toHaveLength(allowed.length);
    expect((await server.request(path, { method: 'POST', body: { content: 'heart' } })).status).toBe(401);
  });

  it('reacts to comments apart from their issue, and a deleted comment takes its reactions along', async () => {
    const number = await open(repo, 'Discussed');
    const comment = await server.request(issues(repo, `/${number}/comments`), { method: 'POST', body: { body: 'hi' }, ...as(owner) });
    const path = issues(repo, `/comments/${comment.body.id}/reactions`);
    const added = await react(path, reader, 'rocket');
    expect(added.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/issues/comments/{id}/reactions', 201, added.body);
    expect((await react(path, reader, 'rocket')).status).toBe(200);
    expect((await react(issues(repo, `/${number}/reactions`), reader, 'rocket')).status).toBe(201);
    const list = await server.request(path);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/comments/{id}/reactions', 200, list.body);
    expect(list.body.map((r: any) => r.content)).toEqual(['rocket']);
    expect((await react(path, reader, 'rocket', 'DELETE')).status).toBe(200);
    expect((await server.request(path)).body).toEqual([]);

    expect((await react(path, owner, 'eyes')).status).toBe(201);
    expect((await server.request(issues(repo, `/comments/${comment.body.id}`), { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await server.request(path)).status).toBe(404);
    expect((await server.request(issues(repo, `/${number}/reactions`))).body.map((r: any) => r.content)).toEqual(['rocket']);
  });

  it('lets readers of a private repository react, and hides its reactions from outsiders', async () => {
    const number = await open(secret, 'Hidden');
    const path = issues(secret, `/${number}/reactions`);
    expect((await react(path, reader, 'eyes')).status).toBe(201);
    expect((await react(path, outsider, 'eyes')).status).toBe(404);
    expect((await server.request(path, as(outsider))).status).toBe(404);
    expect((await react(path, outsider, 'eyes', 'DELETE')).status).toBe(404);
    expect((await server.request(path, as(reader))).body.map((r: any) => r.user.login)).toEqual([reader.name]);
    expect((await server.request(issues(secret, '/9999/reactions'), as(reader))).status).toBe(404);
  });

  it('keeps one reaction when the same one comes twice at once', async () => {
    const path = issues(repo, `/${await open(repo, 'Busy')}/reactions`);
    const answers = await Promise.all([0, 1, 2, 3].map(() => react(path, reader, 'hooray')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    expect((await server.request(path)).body).toHaveLength(1);
  });
});
