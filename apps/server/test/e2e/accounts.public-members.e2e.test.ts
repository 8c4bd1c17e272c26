import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/** `/orgs/{org}/public_members…`: members who show their membership, and only they decide. */
describe('public members of organizations', () => {
  let server: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let teamId: number;
  const as = (who: TestUser) => ({ auth: { token: who.token } });
  const logins = (res: { body: { login: string }[] }) => res.body.map((u) => u.login);
  const orgNames = (res: { body: { name: string }[] }) => res.body.map((o) => o.name);
  const publicize = (who: TestUser, org: string, user: string) =>
    server.request(`/orgs/${org}/public_members/${user}`, { method: 'PUT', ...as(who) });
  const conceal = (who: TestUser, org: string, user: string) =>
    server.request(`/orgs/${org}/public_members/${user}`, { method: 'DELETE', ...as(who) });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server, { name: 'pm-owner' });
    member = await createTestUser(server, { name: 'pm-member' });
    outsider = await createTestUser(server, { name: 'pm-outsider' });
    admin = await createTestUser(server, { admin: true });
    await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'pm-co' } });
    await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'pm-hidden', visibility: 'private' } });
    const team = await server.request('/orgs/pm-co/teams', { method: 'POST', ...as(owner), body: { name: 'crew' } });
    teamId = team.body.id;
    await server.request(`/teams/${teamId}/members/pm-member`, { method: 'PUT', ...as(owner) });
  });
  afterAll(async () => server?.close());

  it('starts with every membership concealed', async () => {
    const res = await server.request('/orgs/pm-co/public_members');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
    expect((await server.request('/orgs/pm-co/public_members/pm-owner')).status).toBe(404);
  });

  it('lets a member publicize and conceal their own membership (204), seen by everyone', async () => {
    expect((await publicize(member, 'pm-co', 'pm-member')).status).toBe(204);
    expect((await publicize(member, 'pm-co', 'pm-member')).status).toBe(204);
    expect((await publicize(owner, 'pm-co', 'pm-owner')).status).toBe(204);
    const res = await server.request('/orgs/pm-co/public_members');
    expect(logins(res)).toEqual(['pm-member', 'pm-owner']);
    expect(res.headers.get('x-total-count')).toBe('2');
    expectForgejoShape('GET', '/orgs/{org}/public_members', 200, res.body);
    expect((await server.request('/orgs/pm-co/public_members/pm-member')).status).toBe(204);
    expect((await server.request('/orgs/pm-co/members/pm-member')).status).toBe(204);
    expect((await conceal(member, 'pm-co', 'pm-member')).status).toBe(204);
    expect((await conceal(member, 'pm-co', 'pm-member')).status).toBe(204);
    expect(logins(await server.request('/orgs/pm-co/public_members'))).toEqual(['pm-owner']);
    expect((await server.request('/orgs/pm-co/public_members/pm-member')).status).toBe(404);
    expect((await server.request('/orgs/pm-co/members/pm-member')).status).toBe(404);
    expect((await server.request('/orgs/pm-co/members/pm-member', as(owner))).status).toBe(204);
  });

  it("refuses (403) to change someone else's membership, even for an owner or a site admin, and a non-member's", async () => {
    expect((await publicize(owner, 'pm-co', 'pm-member')).status).toBe(403);
    expect((await conceal(owner, 'pm-co', 'pm-owner')).status).toBe(204);
    expect((await publicize(admin, 'pm-co', 'pm-member')).status).toBe(403);
    const self = await publicize(outsider, 'pm-co', 'pm-outsider');
    expect(self.status).toBe(403);
    expect(self.body.message).toContain('member');
    expect((await server.request('/orgs/pm-co/public_members/pm-member', { method: 'PUT' })).status).toBe(401);
    expect((await publicize(member, 'pm-co', 'nobody-here')).status).toBe(404);
    expect(await server.request('/orgs/pm-co/public_members').then(logins)).toEqual([]);
  });

  it('hides a private organization (404) from those who may not see it', async () => {
    expect((await server.request('/orgs/pm-hidden/public_members')).status).toBe(404);
    expect((await server.request('/orgs/pm-hidden/public_members/pm-owner', as(outsider))).status).toBe(404);
    expect((await publicize(outsider, 'pm-hidden', 'pm-outsider')).status).toBe(404);
    expect((await publicize(owner, 'pm-hidden', 'pm-owner')).status).toBe(204);
    expect(logins(await server.request('/orgs/pm-hidden/public_members', as(owner)))).toEqual(['pm-owner']);
    expect((await server.request('/orgs/no-such-org/public_members')).status).toBe(404);
  });

  it('forgets the public flag when the member leaves: added again, they start concealed', async () => {
    expect((await publicize(member, 'pm-co', 'pm-member')).status).toBe(204);
    expect(orgNames(await server.request('/users/pm-member/orgs'))).toEqual(['pm-co']);
    await server.request(`/teams/${teamId}/members/pm-member`, { method: 'DELETE', ...as(owner) });
    expect((await server.request('/orgs/pm-co/public_members/pm-member')).status).toBe(404);
    expect(orgNames(await server.request('/users/pm-member/orgs'))).toEqual([]);
    await server.request(`/teams/${teamId}/members/pm-member`, { method: 'PUT', ...as(owner) });
    expect((await server.request('/orgs/pm-co/public_members/pm-member')).status).toBe(404);
    expect(orgNames(await server.request('/users/pm-member/orgs', as(member)))).toEqual(['pm-co']);
  });
});
