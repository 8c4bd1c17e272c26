import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Blocking users: the list, blocking twice, unblocking; what blocking ends
 * (follows both ways, the blocked user's watches and collaborations on the
 * blocker's repositories) and what it prevents while it stands (following
 * either way; watching, issues and comments in the blocker's repositories); and an
 * organization's blocks, for its owners only.
 */
describe('blocking users', () => {
  let server: TestServer;
  let ada: TestUser;
  let troll: TestUser;
  let other: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const put = (user: TestUser, path: string, body?: unknown) => server.request(path, { ...as(user), method: 'PUT', body });
  const post = (user: TestUser, path: string, body: unknown) => server.request(path, { ...as(user), method: 'POST', body });

  beforeAll(async () => {
    server = await startTestServer();
    [ada, troll, other] = [await createTestUser(server), await createTestUser(server), await createTestUser(server)];
  });
  afterAll(async () => server?.close());

  it('blocks and unblocks, twice changing nothing, and lists the blocked users', async () => {
    expect((await put(ada, `/user/block/${troll.name}`)).status).toBe(204);
    expect((await put(ada, `/user/block/${troll.name}`)).status).toBe(204);
    expect((await put(ada, `/user/block/${other.name}`)).status).toBe(204);
    const listed = await server.request('/user/list_blocked', as(ada));
    expectForgejoShape('GET', '/user/list_blocked', 200, listed.body);
    expect([listed.body.map((b: any) => b.block_id), listed.headers.get('x-total-count')]).toEqual([[troll.user.id, other.user.id], '2']);
    expect((await server.request('/user/list_blocked', as(troll))).body).toEqual([]);
    expect((await put(ada, `/user/unblock/${other.name}`)).status).toBe(204);
    expect((await put(ada, `/user/unblock/${other.name}`)).status).toBe(204);
    expect((await server.request('/user/list_blocked', as(ada))).body.map((b: any) => b.block_id)).toEqual([troll.user.id]);
    expect((await put(ada, `/user/block/${ada.name}`)).status).toBe(422);
    expect((await put(ada, '/user/block/nobody-at-all')).status).toBe(404);
    expect((await server.request('/user/list_blocked')).status).toBe(401);
    await put(ada, `/user/unblock/${troll.name}`);
  });

  it('ends follows both ways and forbids following either way while it stands', async () => {
    expect((await put(troll, `/user/following/${ada.name}`)).status).toBe(204);
    expect((await put(ada, `/user/following/${troll.name}`)).status).toBe(204);
    expect((await put(ada, `/user/block/${troll.name}`)).status).toBe(204);
    expect((await server.request(`/users/${troll.name}/following/${ada.name}`)).status).toBe(404);
    expect((await server.request(`/users/${ada.name}/following/${troll.name}`)).status).toBe(404);
    const counts = (await server.request(`/users/${ada.name}`)).body;
    expect([counts.followers_count, counts.following_count]).toEqual([0, 0]);
    expect((await put(troll, `/user/following/${ada.name}`)).status).toBe(403);
    expect((await put(ada, `/user/following/${troll.name}`)).status).toBe(403);
    await put(ada, `/user/unblock/${troll.name}`);
    expect((await put(troll, `/user/following/${ada.name}`)).status).toBe(204);
    await server.request(`/user/following/${ada.name}`, { ...as(troll), method: 'DELETE' });
  });

  it('ends the blocked user’s watch and collaboration on the blocker’s repositories and stops their issues and comments', async () => {
    const repo = (await post(ada, '/user/repos', { name: `blocking-${Date.now().toString(36)}` })).body.name;
    const base = `/repos/${ada.name}/${repo}`;
    expect((await put(ada, `${base}/collaborators/${troll.name}`, { permission: 'write' })).status).toBe(204);
    expect((await put(troll, `${base}/subscription`)).status).toBe(200);
    expect((await server.request(base, as(ada))).body.watchers_count).toBe(1);
    const issue = await post(troll, `${base}/issues`, { title: 'before the block' });
    expect(issue.status).toBe(201);

    expect((await put(ada, `/user/block/${troll.name}`)).status).toBe(204);
    expect((await server.request(`${base}/collaborators/${troll.name}`, as(ada))).status).toBe(404);
    expect((await server.request(`${base}/subscription`, as(troll))).status).toBe(404);
    expect((await server.request(base, as(ada))).body.watchers_count).toBe(0);
    expect((await put(troll, `${base}/subscription`)).status).toBe(403);
    const refusedIssue = await post(troll, `${base}/issues`, { title: 'after the block' });
    expect([refusedIssue.status, refusedIssue.body.message]).toEqual([403, `${ada.name} has blocked you`]);
    expect((await post(troll, `${base}/issues/${issue.body.number}/comments`, { body: 'still here' })).status).toBe(403);
    expect((await post(other, `${base}/issues/${issue.body.number}/comments`, { body: 'others still may' })).status).toBe(201);
    expect((await server.request(`${base}/issues?state=all&type=issues`, as(ada))).body.map((i: any) => i.title)).toEqual([
      'before the block',
    ]);

    await put(ada, `/user/unblock/${troll.name}`);
    expect((await post(troll, `${base}/issues/${issue.body.number}/comments`, { body: 'back again' })).status).toBe(201);
  });

  it('lets organization owners block users who are not members, and no one else', async () => {
    const org = `blockorg${Date.now().toString(36)}`;
    expect((await post(ada, '/orgs', { username: org })).status).toBe(201);
    expect((await put(ada, `/orgs/${org}/block/${troll.name}`)).status).toBe(204);
    const listed = await server.request(`/orgs/${org}/list_blocked`, as(ada));
    expectForgejoShape('GET', '/orgs/{org}/list_blocked', 200, listed.body);
    expect(listed.body.map((b: any) => b.block_id)).toEqual([troll.user.id]);
    expect((await put(ada, `/orgs/${org}/block/${ada.name}`)).status).toBe(422);
    expect((await put(other, `/orgs/${org}/block/${troll.name}`)).status).toBe(403);
    expect((await server.request(`/orgs/${org}/list_blocked`, as(other))).status).toBe(403);
    const orgRepo = (await post(ada, `/orgs/${org}/repos`, { name: 'shared' })).body.name;
    expect((await post(troll, `/repos/${org}/${orgRepo}/issues`, { title: 'blocked by the org' })).status).toBe(403);
    expect((await put(ada, `/orgs/${org}/unblock/${troll.name}`)).status).toBe(204);
    expect((await server.request(`/orgs/${org}/list_blocked`, as(ada))).body).toEqual([]);
    expect((await post(troll, `/repos/${org}/${orgRepo}/issues`, { title: 'welcome back' })).status).toBe(201);
  });
});
