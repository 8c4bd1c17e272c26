import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/** teamSearch, userListTeams, orgGetUserPermissions and adminGetAllOrgs. */
describe('organization lookups', () => {
  let server: TestServer;
  let owner: TestUser;
  let writer: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  const as = (who: TestUser) => ({ auth: { token: who.token } });
  const names = (list: { name: string }[]) => list.map((x) => x.name).sort();
  const newTeam = (org: string, body: object) => server.request(`/orgs/${org}/teams`, { method: 'POST', ...as(owner), body });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server, { name: 'lk-owner' });
    writer = await createTestUser(server, { name: 'lk-writer' });
    await createTestUser(server, { name: 'lk-creator' });
    outsider = await createTestUser(server, { name: 'lk-outsider' });
    admin = await createTestUser(server, { admin: true });
    await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'lookup-co' } });
    await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'lookup-hidden', visibility: 'private' } });
    const writers = await newTeam('lookup-co', { name: 'writers', permission: 'write', description: 'people who push' });
    const makers = await newTeam('lookup-co', {
      name: 'makers',
      permission: 'read',
      can_create_org_repo: true,
      description: 'they make things',
    });
    await newTeam('lookup-co', { name: 'wiki-writers', permission: 'read', description: 'docs' });
    await server.request(`/teams/${writers.body.id}/members/lk-writer`, { method: 'PUT', ...as(owner) });
    await server.request(`/teams/${makers.body.id}/members/lk-creator`, { method: 'PUT', ...as(owner) });
  });
  afterAll(async () => server?.close());

  describe('GET /orgs/{org}/teams/search', () => {
    it("answers {ok, data} with X-Total-Count; a site admin's search reaches every team", async () => {
      const res = await server.request('/orgs/lookup-co/teams/search?q=WRITERS', as(admin));
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(names(res.body.data)).toEqual(['wiki-writers', 'writers']);
      expect(res.headers.get('x-total-count')).toBe('2');
      expectForgejoShape('GET', '/orgs/{org}/teams/search', 200, res.body);
    });

    it('matches descriptions unless include_desc=false, and pages', async () => {
      const withDesc = await server.request('/orgs/lookup-co/teams/search?q=make', as(admin));
      expect(names(withDesc.body.data)).toEqual(['makers']);
      const push = await server.request('/orgs/lookup-co/teams/search?q=push', as(admin));
      expect(names(push.body.data)).toEqual(['writers']);
      const noDesc = await server.request('/orgs/lookup-co/teams/search?q=push&include_desc=false', as(admin));
      expect(noDesc.body.data).toEqual([]);
      const paged = await server.request('/orgs/lookup-co/teams/search?limit=1&page=2', as(admin));
      expect(paged.body.data).toHaveLength(1);
      expect(paged.headers.get('x-total-count')).toBe('4');
      expect((await server.request('/orgs/lookup-co/teams/search?include_desc=maybe', as(admin))).status).toBe(422);
    });

    it('finds only the teams a member who is no site admin belongs to; outsiders get 403, hidden orgs 404', async () => {
      const res = await server.request('/orgs/lookup-co/teams/search', as(writer));
      expect(names(res.body.data)).toEqual(['writers']);
      expect((await server.request('/orgs/lookup-co/teams/search', as(outsider))).status).toBe(403);
      expect((await server.request('/orgs/lookup-hidden/teams/search', as(outsider))).status).toBe(404);
      expect((await server.request('/orgs/lookup-co/teams/search')).status).toBe(401);
    });
  });

  describe('GET /user/teams', () => {
    it("lists the caller's teams across organizations with the organization embedded", async () => {
      const res = await server.request('/user/teams', as(owner));
      expect(res.status).toBe(200);
      expect(res.body.map((t: { name: string; organization: { name: string } }) => `${t.organization.name}/${t.name}`).sort()).toEqual([
        'lookup-co/Owners',
        'lookup-hidden/Owners',
      ]);
      expect(res.headers.get('x-total-count')).toBe('2');
      expectForgejoShape('GET', '/user/teams', 200, res.body);
      expect(names((await server.request('/user/teams', as(writer))).body)).toEqual(['writers']);
      expect((await server.request('/user/teams', as(outsider))).body).toEqual([]);
      expect((await server.request('/user/teams')).status).toBe(401);
    });
  });

  describe('GET /users/{username}/orgs/{org}/permissions', () => {
    it('answers what each user may do in the organization', async () => {
      const of = (user: string) => server.request(`/users/${user}/orgs/lookup-co/permissions`, as(writer));
      const ownerPerms = await of('lk-owner');
      expect(ownerPerms.status).toBe(200);
      expect(ownerPerms.body).toEqual({ can_create_repository: true, can_read: true, can_write: true, is_admin: true, is_owner: true });
      expectForgejoShape('GET', '/users/{username}/orgs/{org}/permissions', 200, ownerPerms.body);
      expect((await of('lk-writer')).body).toEqual({
        can_create_repository: false,
        can_read: true,
        can_write: true,
        is_admin: false,
        is_owner: false,
      });
      expect((await of('lk-creator')).body).toEqual({
        can_create_repository: true,
        can_read: true,
        can_write: false,
        is_admin: false,
        is_owner: false,
      });
      expect((await of('lk-outsider')).body).toEqual({
        can_create_repository: false,
        can_read: false,
        can_write: false,
        is_admin: false,
        is_owner: false,
      });
    });

    it('answers 404 for an unknown user or organization and for a hidden organization', async () => {
      expect((await server.request('/users/nobody-here/orgs/lookup-co/permissions', as(writer))).status).toBe(404);
      expect((await server.request('/users/lk-owner/orgs/no-such-org/permissions', as(writer))).status).toBe(404);
      expect((await server.request('/users/lk-owner/orgs/lookup-hidden/permissions', as(outsider))).status).toBe(404);
      expect((await server.request('/users/lk-owner/orgs/lookup-hidden/permissions', as(owner))).body.is_owner).toBe(true);
    });
  });

  describe('GET /admin/orgs', () => {
    it('lists every organization, private ones too, to site admins only, paged', async () => {
      const res = await server.request('/admin/orgs', as(admin));
      expect(res.status).toBe(200);
      expect(res.body.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(['lookup-co', 'lookup-hidden']));
      expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
      expectForgejoShape('GET', '/admin/orgs', 200, res.body);
      const page = await server.request('/admin/orgs?limit=1', as(admin));
      expect(page.body).toHaveLength(1);
      expect((await server.request('/admin/orgs', as(owner))).status).toBe(403);
      expect((await server.request('/admin/orgs')).status).toBe(401);
    });
  });
});
