import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Watching repositories (Forgejo's subscriptions): the caller's watch,
 * `watchers_count`, the lists of watchers and watched repositories, privacy,
 * and what a watch is for: notifications of the repository's new issues.
 */
describe('repository watches', () => {
  let server: TestServer;
  let owner: TestUser;
  let fan: TestUser;
  let stranger: TestUser;
  let open: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const watchPath = (r: RepositoryEntity) => `/repos/${owner.name}/${r.name}/subscription`;
  const watchersCount = async (r: RepositoryEntity) =>
    (await server.request(`/repos/${owner.name}/${r.name}`, as(owner))).body.watchers_count;
  const threadTitles = async (user: TestUser) =>
    (await server.request('/notifications?all=true', as(user))).body.map((thread: any) => thread.subject.title);

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    fan = await createTestUser(server);
    stranger = await createTestUser(server);
    open = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
  }, 60_000);
  afterAll(async () => server?.close());

  it('watches and unwatches (each twice changes nothing), and watchers_count follows', async () => {
    expect((await server.request(watchPath(open), as(fan))).status).toBe(404);
    const watched = await server.request(watchPath(open), { ...as(fan), method: 'PUT' });
    expect(watched.status).toBe(200);
    expectForgejoShape('PUT', '/repos/{owner}/{repo}/subscription', 200, watched.body);
    expect(watched.body).toMatchObject({
      subscribed: true,
      ignored: false,
      reason: null,
      url: expect.stringMatching(new RegExp(`/api/v1/repos/${owner.name}/${open.name}/subscription$`)),
      repository_url: expect.stringMatching(new RegExp(`/api/v1/repos/${owner.name}/${open.name}$`)),
    });
    expect((await server.request(watchPath(open), { ...as(fan), method: 'PUT' })).status).toBe(200);
    expect((await server.request(watchPath(open), { ...as(owner), method: 'PUT' })).status).toBe(200);
    const check = await server.request(watchPath(open), as(fan));
    expect(check.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/subscription', 200, check.body);
    expect(check.body.subscribed).toBe(true);
    expect(await watchersCount(open)).toBe(2);

    const watchers = await server.request(`/repos/${owner.name}/${open.name}/subscribers`);
    expect(watchers.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/subscribers', 200, watchers.body);
    expect(watchers.body.map((u: any) => u.login)).toEqual([fan.name, owner.name]);
    expect(watchers.headers.get('x-total-count')).toBe('2');
    const firstPage = await server.request(`/repos/${owner.name}/${open.name}/subscribers?limit=1`);
    expect(firstPage.body.map((u: any) => u.login)).toEqual([fan.name]);

    const mine = await server.request('/user/subscriptions', as(fan));
    expectForgejoShape('GET', '/user/subscriptions', 200, mine.body);
    expect(mine.body.map((r: any) => r.full_name)).toEqual([`${owner.name}/${open.name}`]);
    expect(mine.body[0].watchers_count).toBe(2);

    const unwatched = await server.request(watchPath(open), { ...as(fan), method: 'DELETE' });
    expect(unwatched.status).toBe(204);
    expect((await server.request(watchPath(open), { ...as(fan), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(watchPath(open), as(fan))).status).toBe(404);
    expect(await watchersCount(open)).toBe(1);
    expect((await server.request('/user/subscriptions', as(fan))).body).toEqual([]);
  });

  it('counts every watcher when several watch at the same moment', async () => {
    const repo = await createTestRepository(server, owner.user);
    const users = await Promise.all([0, 1, 2, 3].map(() => createTestUser(server)));
    const path = watchPath(repo);
    const answers = await Promise.all([...users, ...users].map((user) => server.request(path, { ...as(user), method: 'PUT' })));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await watchersCount(repo)).toBe(4);
    const gone = await Promise.all(users.map((user) => server.request(path, { ...as(user), method: 'DELETE' })));
    expect(gone.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);
    expect(await watchersCount(repo)).toBe(0);
  });

  it('hides private repositories: no watch by a stranger, and nobody else sees a watch on them', async () => {
    expect((await server.request(watchPath(secret), { ...as(stranger), method: 'PUT' })).status).toBe(404);
    expect((await server.request(watchPath(secret), as(stranger))).status).toBe(404);
    expect((await server.request(watchPath(secret), { ...as(owner), method: 'PUT' })).status).toBe(200);
    const seenByStranger = await server.request(`/users/${owner.name}/subscriptions`, as(stranger));
    expect(seenByStranger.status).toBe(200);
    expectForgejoShape('GET', '/users/{username}/subscriptions', 200, seenByStranger.body);
    expect(seenByStranger.body.map((r: any) => r.name)).toEqual([open.name]);
    expect(seenByStranger.headers.get('x-total-count')).toBe('1');
    const seenByOwner = await server.request(`/users/${owner.name}/subscriptions`, as(owner));
    expect(seenByOwner.body.map((r: any) => r.name)).toEqual([secret.name, open.name]);
    expect((await server.request(`/repos/${owner.name}/${secret.name}/subscribers`, as(stranger))).status).toBe(404);
    expect((await server.request(`/repos/${owner.name}/${secret.name}/subscribers`)).status).toBe(404);
    expect((await server.request('/users/nobody-here/subscriptions')).status).toBe(404);
    expect((await server.request('/user/subscriptions')).status).toBe(401);
    expect((await server.request(watchPath(open), { method: 'PUT' })).status).toBe(401);
  });

  it('notifies watchers of new issues, until they stop watching', async () => {
    const repo = await createTestRepository(server, owner.user);
    const watcher = await createTestUser(server);
    expect((await server.request(watchPath(repo), { ...as(watcher), method: 'PUT' })).status).toBe(200);
    const issues = `/repos/${owner.name}/${repo.name}/issues`;
    expect((await server.request(issues, { method: 'POST', body: { title: 'seen by watchers' }, ...as(stranger) })).status).toBe(201);
    expect(await threadTitles(watcher)).toEqual(['seen by watchers']);
    expect((await server.request(watchPath(repo), { ...as(watcher), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(issues, { method: 'POST', body: { title: 'after unwatching' }, ...as(stranger) })).status).toBe(201);
    expect(await threadTitles(watcher)).toEqual(['seen by watchers']);
  });

  it('counts a deleted user’s watches off the repositories they watched', async () => {
    const leaving = await createTestUser(server);
    const before = await watchersCount(open);
    expect((await server.request(watchPath(open), { ...as(leaving), method: 'PUT' })).status).toBe(200);
    expect(await watchersCount(open)).toBe(before + 1);
    const admin = await createTestUser(server, { admin: true });
    expect((await server.request(`/admin/users/${leaving.name}`, { ...as(admin), method: 'DELETE' })).status).toBe(204);
    expect(await watchersCount(open)).toBe(before);
  });
});
