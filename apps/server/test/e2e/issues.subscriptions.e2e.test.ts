import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Subscriptions to issues: who is subscribed without asking (watchers,
 * participants), explicit subscriptions and unsubscriptions with Forgejo's
 * 201/200 answers, who may change whose, privacy, and the notifications that
 * follow the choice.
 */
describe('issue subscriptions', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let repo: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issues = (r: RepositoryEntity, rest = '') => `/repos/${owner.name}/${r.name}/issues${rest}`;
  const subs = (r: RepositoryEntity, number: number, rest = '') => issues(r, `/${number}/subscriptions${rest}`);

  async function open(r: RepositoryEntity, title: string, user = owner): Promise<number> {
    const res = await server.request(issues(r), { method: 'POST', body: { title }, ...as(user) });
    expect(res.status).toBe(201);
    return res.body.number;
  }
  const threadTitles = async (user: TestUser) =>
    (await server.request('/notifications?all=true', as(user))).body.map((thread: any) => thread.subject.title).sort();
  const subscribed = async (r: RepositoryEntity, number: number, user: TestUser) =>
    (await server.request(subs(r, number, '/check'), as(user))).body.subscribed;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    other = await createTestUser(server);
    admin = await createTestUser(server, { admin: true });
    repo = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
  }, 60_000);
  afterAll(() => server?.close());

  it('subscribes and unsubscribes with 201, and answers 200 when nothing changes', async () => {
    const number = await open(repo, 'Subscribe me');
    const check = await server.request(subs(repo, number, '/check'), as(reader));
    expect(check.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/subscriptions/check', 200, check.body);
    expect(check.body).toMatchObject({ subscribed: false, ignored: true, reason: null });
    expect(check.body.url).toMatch(new RegExp(`/api/v1/repos/${owner.name}/${repo.name}/issues/${number}/subscriptions$`));

    expect((await server.request(subs(repo, number, `/${reader.name}`), { method: 'PUT', ...as(reader) })).status).toBe(201);
    expect((await server.request(subs(repo, number, `/${reader.name}`), { method: 'PUT', ...as(reader) })).status).toBe(200);
    expect(await subscribed(repo, number, reader)).toBe(true);
    const list = await server.request(subs(repo, number));
    expect(list.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/subscriptions', 200, list.body);
    expect(list.body.map((u: any) => u.login)).toEqual([reader.name]);
    expect(list.headers.get('x-total-count')).toBe('1');

    expect((await server.request(subs(repo, number, `/${reader.name}`), { method: 'DELETE', ...as(reader) })).status).toBe(201);
    expect((await server.request(subs(repo, number, `/${reader.name}`), { method: 'DELETE', ...as(reader) })).status).toBe(200);
    expect(await subscribed(repo, number, reader)).toBe(false);
    expect((await server.request(subs(repo, number))).body).toEqual([]);
  });

  it('counts the poster and repository owner as subscribed until they unsubscribe', async () => {
    const number = await open(repo, 'Mine', reader);
    expect(await subscribed(repo, number, reader)).toBe(true);
    expect(await subscribed(repo, number, owner)).toBe(true);
    expect((await server.request(subs(repo, number, `/${owner.name}`), { method: 'PUT', ...as(owner) })).status).toBe(200);
    expect((await server.request(subs(repo, number, `/${owner.name}`), { method: 'DELETE', ...as(owner) })).status).toBe(201);
    expect(await subscribed(repo, number, owner)).toBe(false);
  });

  it('lets only the user themself or a site administrator change a subscription', async () => {
    const number = await open(repo, 'Whose choice');
    const path = subs(repo, number, `/${reader.name}`);
    const refused = await server.request(path, { method: 'PUT', ...as(other) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(reader.name);
    expect((await server.request(path, { method: 'DELETE', ...as(other) })).status).toBe(403);
    expect(await subscribed(repo, number, reader)).toBe(false);
    expect((await server.request(path, { method: 'PUT', ...as(admin) })).status).toBe(201);
    expect(await subscribed(repo, number, reader)).toBe(true);
    expect((await server.request(subs(repo, number, '/nobody-here'), { method: 'PUT', ...as(admin) })).status).toBe(404);
    expect((await server.request(subs(repo, 9999, `/${reader.name}`), { method: 'PUT', ...as(reader) })).status).toBe(404);
    expect((await server.request(path, { method: 'PUT' })).status).toBe(401);
    expect((await server.request(subs(repo, number, '/check'))).status).toBe(401);
  });

  it('hides the subscriptions of a private repository’s issues from outsiders', async () => {
    const number = await open(secret, 'Hidden');
    expect((await server.request(subs(secret, number), as(other))).status).toBe(404);
    expect((await server.request(subs(secret, number, '/check'), as(other))).status).toBe(404);
    expect((await server.request(subs(secret, number, `/${other.name}`), { method: 'PUT', ...as(other) })).status).toBe(404);
    expect((await server.request(subs(secret, number), as(owner))).status).toBe(200);
  });

  it('notifies subscribers of comments, and stops notifying whoever unsubscribed', async () => {
    const number = await open(repo, 'Noisy', reader);
    const comment = (user: TestUser, body: string) =>
      server.request(issues(repo, `/${number}/comments`), { method: 'POST', body: { body }, ...as(user) });
    expect((await server.request(subs(repo, number, `/${other.name}`), { method: 'PUT', ...as(other) })).status).toBe(201);
    expect((await comment(admin, 'first')).status).toBe(201);
    expect(await threadTitles(other)).toEqual(['Noisy']);
    expect(await threadTitles(reader)).toEqual(['Noisy']);

    const before = async (user: TestUser) => (await server.request('/notifications?all=true', as(user))).body[0].updated_at;
    const readerSeen = await before(reader);
    const otherSeen = await before(other);
    expect((await server.request(subs(repo, number, `/${reader.name}`), { method: 'DELETE', ...as(reader) })).status).toBe(201);
    expect((await server.request(subs(repo, number, `/${other.name}`), { method: 'DELETE', ...as(other) })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await comment(admin, 'second')).status).toBe(201);
    expect(await before(reader)).toBe(readerSeen);
    expect(await before(other)).toBe(otherSeen);
    expect(await server.request('/notifications/new', as(reader))).toMatchObject({ body: { new: 1 } });
  });
});
