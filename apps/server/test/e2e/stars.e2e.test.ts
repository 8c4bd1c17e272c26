import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Stars: a user stars repositories they may read, `stars_count` follows, lists
 * show only what the viewer may read, and a deleted starrer is counted off.
 */
describe('stars', () => {
  let server: TestServer;
  let owner: TestUser;
  let fan: TestUser;
  let stranger: TestUser;
  let open: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const starPath = (r: RepositoryEntity) => `/user/starred/${owner.name}/${r.name}`;
  const starsCount = async (r: RepositoryEntity) => (await server.request(`/repos/${owner.name}/${r.name}`, as(owner))).body.stars_count;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    fan = await createTestUser(server);
    stranger = await createTestUser(server);
    open = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
  });
  afterAll(async () => server?.close());

  it('stars and unstars (each twice changes nothing), and stars_count follows', async () => {
    expect((await server.request(starPath(open), as(fan))).status).toBe(404);
    expect((await server.request(starPath(open), { ...as(fan), method: 'PUT' })).status).toBe(204);
    expect((await server.request(starPath(open), { ...as(fan), method: 'PUT' })).status).toBe(204);
    expect((await server.request(starPath(open), { ...as(owner), method: 'PUT' })).status).toBe(204);
    expect((await server.request(starPath(open), as(fan))).status).toBe(204);
    expect(await starsCount(open)).toBe(2);

    const gazers = await server.request(`/repos/${owner.name}/${open.name}/stargazers`);
    expect(gazers.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/stargazers', 200, gazers.body);
    expect(gazers.body.map((u: any) => u.login)).toEqual([fan.name, owner.name]);
    expect(gazers.headers.get('x-total-count')).toBe('2');

    const mine = await server.request('/user/starred', as(fan));
    expectForgejoShape('GET', '/user/starred', 200, mine.body);
    expect(mine.body.map((r: any) => r.full_name)).toEqual([`${owner.name}/${open.name}`]);
    expect(mine.body[0].stars_count).toBe(2);

    expect((await server.request(starPath(open), { ...as(fan), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(starPath(open), { ...as(fan), method: 'DELETE' })).status).toBe(204);
    expect(await starsCount(open)).toBe(1);
  });

  it('hides private repositories: no star by a stranger, and nobody else sees a star on them, not even in a count', async () => {
    expect((await server.request(starPath(secret), { ...as(stranger), method: 'PUT' })).status).toBe(404);
    expect((await server.request(starPath(secret), { ...as(owner), method: 'PUT' })).status).toBe(204);
    const seenByStranger = await server.request(`/users/${owner.name}/starred`, as(stranger));
    expectForgejoShape('GET', '/users/{username}/starred', 200, seenByStranger.body);
    expect(seenByStranger.body.map((r: any) => r.name)).toEqual([open.name]);
    expect(seenByStranger.headers.get('x-total-count')).toBe('1');
    const seenByOwner = await server.request(`/users/${owner.name}/starred`, as(owner));
    expect(seenByOwner.body.map((r: any) => r.name)).toEqual([secret.name, open.name]);
    expect((await server.request(`/repos/${owner.name}/${secret.name}/stargazers`, as(stranger))).status).toBe(404);
    expect((await server.request('/users/nobody-here/starred')).status).toBe(404);
    expect((await server.request('/user/starred')).status).toBe(401);
  });

  it('counts a deleted user’s stars off the repositories they starred', async () => {
    const leaving = await createTestUser(server);
    const before = await starsCount(open);
    expect((await server.request(starPath(open), { ...as(leaving), method: 'PUT' })).status).toBe(204);
    expect(await starsCount(open)).toBe(before + 1);
    const admin = await createTestUser(server, { admin: true });
    expect((await server.request(`/admin/users/${leaving.name}`, { ...as(admin), method: 'DELETE' })).status).toBe(204);
    expect(await starsCount(open)).toBe(before);
  });
});
