import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Forgejo's deprecated comment routes, `/issues/{index}/comments/{id}`: the
 * same edit and delete as `/issues/comments/{id}`, with the same permissions.
 */
describe('issues: deprecated comment routes', () => {
  let server: TestServer;
  let owner: TestUser;
  let author: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issues = (r: RepositoryEntity, rest = '') => `/repos/${owner.name}/${r.name}/issues${rest}`;

  async function comment(r: RepositoryEntity, user: TestUser): Promise<{ number: number; id: number }> {
    const issue = await server.request(issues(r), { method: 'POST', body: { title: 'Talk' }, ...as(owner) });
    const made = await server.request(issues(r, `/${issue.body.number}/comments`), {
      method: 'POST',
      body: { body: 'first' },
      ...as(user),
    });
    expect(made.status).toBe(201);
    return { number: issue.body.number, id: made.body.id };
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    author = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
  }, 60_000);
  afterAll(() => server?.close());

  it('edits a comment by the old path, for its author only', async () => {
    const { number, id } = await comment(repo, author);
    const path = issues(repo, `/${number}/comments/${id}`);
    expect((await server.request(path, { method: 'PATCH', body: { body: 'hijack' }, ...as(outsider) })).status).toBe(403);
    expect((await server.request(path, { method: 'PATCH', body: { body: 'x' } })).status).toBe(401);
    const edited = await server.request(path, { method: 'PATCH', body: { body: 'second thoughts' }, ...as(author) });
    expect(edited.status).toBe(200);
    expectForgejoShape('PATCH', '/repos/{owner}/{repo}/issues/{index}/comments/{id}', 200, edited.body);
    expect(edited.body).toMatchObject({ id, body: 'second thoughts', user: { login: author.name } });
    expect((await server.request(issues(repo, `/comments/${id}`))).body.body).toBe('second thoughts');
    const noBody = await server.request(path, { method: 'PATCH', body: {}, ...as(author) });
    expect(noBody.status).toBe(422);
    expect(noBody.body.message).toMatch(/body/);
  });

  it('deletes a comment by the old path, for its author or an administrator', async () => {
    const { number, id } = await comment(repo, author);
    const path = issues(repo, `/${number}/comments/${id}`);
    expect((await server.request(path, { method: 'DELETE', ...as(outsider) })).status).toBe(403);
    expect((await server.request(path, { method: 'DELETE', ...as(owner) })).status).toBe(204);
    expect((await server.request(issues(repo, `/comments/${id}`))).status).toBe(404);
    expect((await server.request(path, { method: 'DELETE', ...as(owner) })).status).toBe(404);
    expect((await server.request(issues(repo, `/${number}`))).body.comments).toBe(0);
  });

  it('hides comments of a private repository from outsiders', async () => {
    const { number, id } = await comment(secret, owner);
    const path = issues(secret, `/${number}/comments/${id}`);
    expect((await server.request(path, { method: 'PATCH', body: { body: 'x' }, ...as(outsider) })).status).toBe(404);
    expect((await server.request(path, { method: 'DELETE', ...as(outsider) })).status).toBe(404);
    expect((await server.request(issues(secret, `/comments/${id}`), as(owner))).body.body).toBe('first');
  });
});
