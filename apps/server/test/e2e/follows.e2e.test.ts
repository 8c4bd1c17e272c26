import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Following users: follow and unfollow (twice changes nothing), the counts on
 * both users, lists both ways, private users invisible, a deleted follower
 * counted off.
 */
describe('following users', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  let hidden: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const counts = async (user: TestUser) => {
    const body = (await server.request(`/users/${user.name}`, as(user))).body;
    return [body.followers_count, body.following_count];
  };

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
    hidden = await createTestUser(server);
    const admin = await createTestUser(server, { admin: true });
    const made = await server.request(`/admin/users/${hidden.name}`, {
      ...as(admin),
      method: 'PATCH',
      body: { login_name: hidden.name, source_id: 0, visibility: 'private' },
    });
    expect(made.status).toBe(200);
  });
  afterAll(async () => server?.close());

  it('follows and unfollows, twice changing nothing, and both users’ counts follow', async () => {
    expect((await server.request(`/user/following/${bo.name}`, as(ada))).status).toBe(404);
    expect((await server.request(`/user/following/${bo.name}`, { ...as(ada), method: 'PUT' })).status).toBe(204);
    expect((await server.request(`/user/following/${bo.name}`, { ...as(ada), method: 'PUT' })).status).toBe(204);
    expect((await server.request(`/user/following/${bo.name}`, as(ada))).status).toBe(204);
    expect((await server.request(`/users/${ada.name}/following/${bo.name}`)).status).toBe(204);
    expect((await server.request(`/users/${bo.name}/following/${ada.name}`)).status).toBe(404);
    expect(await counts(ada)).toEqual([0, 1]);
    expect(await counts(bo)).toEqual([1, 0]);

    const followers = await server.request(`/users/${bo.name}/followers`);
    expectForgejoShape('GET', '/users/{username}/followers', 200, followers.body);
    expect(followers.body.map((u: any) => u.login)).toEqual([ada.name]);
    const following = await server.request('/user/following', as(ada));
    expectForgejoShape('GET', '/user/following', 200, following.body);
    expect([following.body.map((u: any) => u.login), following.headers.get('x-total-count')]).toEqual([[bo.name], '1']);
    expect((await server.request('/user/followers', as(bo))).body.map((u: any) => u.login)).toEqual([ada.name]);

    expect((await server.request(`/user/following/${bo.name}`, { ...as(ada), method: 'DELETE' })).status).toBe(204);
    expect((await server.request(`/user/following/${bo.name}`, { ...as(ada), method: 'DELETE' })).status).toBe(204);
    expect(await counts(bo)).toEqual([0, 0]);
  });

  it('keeps a private user invisible: 404 to follow or look up, and left out of lists and counts seen by others', async () => {
    expect((await server.request(`/user/following/${hidden.name}`, { ...as(ada), method: 'PUT' })).status).toBe(404);
    expect((await server.request(`/users/${hidden.name}/followers`, as(ada))).status).toBe(404);
    expect((await server.request(`/user/following/${bo.name}`, { ...as(hidden), method: 'PUT' })).status).toBe(204);
    const seenByAda = await server.request(`/users/${bo.name}/followers`, as(ada));
    expect([seenByAda.body, seenByAda.headers.get('x-total-count')]).toEqual([[], '0']);
    const seenByHidden = await server.request(`/users/${bo.name}/followers`, as(hidden));
    expect(seenByHidden.body.map((u: any) => u.login)).toEqual([hidden.name]);
    expect((await server.request(`/user/following/${ada.name}`, { ...as(ada), method: 'PUT' })).status).toBe(204);
    expect(await counts(ada)).toEqual([0, 0]); // following oneself changes nothing, as in Forgejo
    expect((await server.request('/user/following')).status).toBe(401);
  });

  it('counts a deleted user’s follows off both sides', async () => {
    const leaving = await createTestUser(server);
    await server.request(`/user/following/${bo.name}`, { ...as(leaving), method: 'PUT' });
    await server.request(`/user/following/${leaving.name}`, { ...as(ada), method: 'PUT' });
    const [boFollowers] = await counts(bo);
    const [, adaFollowing] = await counts(ada);
    const admin = await createTestUser(server, { admin: true });
    expect((await server.request(`/admin/users/${leaving.name}`, { ...as(admin), method: 'DELETE' })).status).toBe(204);
    expect((await counts(bo))[0]).toBe(boFollowers - 1);
    expect((await counts(ada))[1]).toBe(adaFollowing - 1);
  });
});
