import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('organizations API', () => {
  let server: TestServer;
  let admin: TestUser;
  let owner: TestUser;
  let outsider: TestUser;
  const createOrg = (who: TestUser, body: object) => server.request('/orgs', { method: 'POST', auth: { token: who.token }, body });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { admin: true });
    owner = await createTestUser(server, { name: 'olga' });
    outsider = await createTestUser(server, { name: 'otto' });
    await createOrg(owner, { username: 'acme', full_name: 'Acme Inc.' });
    await createOrg(owner, { username: 'secret-org', visibility: 'private' });
    await createOrg(owner, { username: 'limited-org', visibility: 'limited' });
  });
  afterAll(async () => server?.close());

  describe('POST /orgs', () => {
    it('creates an organization (201) whose creator is its owner', async () => {
      const res = await createOrg(owner, { username: 'new-org', description: 'made in a test' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'new-org', description: 'made in a test', visibility: 'public' });
      expect((await server.request('/orgs/new-org/members/olga', { auth: { token: owner.token } })).status).toBe(204);
    });

    it('answers 422 for a name taken by a user or an org in any case, a reserved name, an invalid visibility', async () => {
      expect((await createOrg(owner, { username: 'ACME' })).status).toBe(422);
      expect((await createOrg(owner, { username: 'Olga' })).status).toBe(422);
      expect((await createOrg(owner, { username: 'admin' })).status).toBe(422);
      const bad = await createOrg(owner, { username: 'vis-org', visibility: 'secret' });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toContain('visibility');
    });

    it('answers 401 to an anonymous caller and 403 to a token without write:organization', async () => {
      expect((await server.request('/orgs', { method: 'POST', body: { username: 'anon-org' } })).status).toBe(401);
      const readOnly = await createTestUser(server, { scopes: 'read:organization' });
      expect((await createOrg(readOnly, { username: 'ro-org' })).status).toBe(403);
    });
  });

  describe('GET /orgs/{org}', () => {
    it('answers a public organization to anyone', async () => {
      const res = await server.request('/orgs/ACME');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'acme', full_name: 'Acme Inc.' });
    });

    it('hides a private organization from non-members with 404, but not from members and admins', async () => {
      expect((await server.request('/orgs/secret-org')).status).toBe(404);
      expect((await server.request('/orgs/secret-org', { auth: { token: outsider.token } })).status).toBe(404);
      expect((await server.request('/orgs/secret-org', { auth: { token: owner.token } })).status).toBe(200);
      expect((await server.request('/orgs/secret-org', { auth: { token: admin.token } })).status).toBe(200);
    });

    it('shows a limited organization to signed-in users only', async () => {
      expect((await server.request('/orgs/limited-org')).status).toBe(404);
      expect((await server.request('/orgs/limited-org', { auth: { token: outsider.token } })).status).toBe(200);
    });

    it('answers 404 for an unknown organization and for a user name', async () => {
      expect((await server.request('/orgs/no-such-org')).status).toBe(404);
      expect((await server.request('/orgs/olga')).status).toBe(404);
    });
  });

  describe('GET /orgs, /user/orgs, /users/{username}/orgs', () => {
    it('lists only the organizations the caller may see', async () => {
      const names = (res: { body: { name: string }[] }) => res.body.map((o) => o.name);
      expect(names(await server.request('/orgs'))).not.toContain('secret-org');
      expect(names(await server.request('/orgs', { auth: { token: owner.token } }))).toContain('secret-org');
      const mine = await server.request('/user/orgs', { auth: { token: owner.token } });
      expect(names(mine)).toEqual(expect.arrayContaining(['acme', 'secret-org', 'limited-org']));
      expect(mine.headers.get('x-total-count')).toBe(String(mine.body.length));
      // Others see only the memberships olga made public, in organizations they may see.
      expect(names(await server.request('/users/olga/orgs'))).toEqual([]);
      for (const org of ['acme', 'secret-org']) {
        await server.request(`/orgs/${org}/public_members/olga`, { method: 'PUT', auth: { token: owner.token } });
      }
      expect(names(await server.request('/users/olga/orgs'))).toEqual(['acme']);
      expect(names(await server.request('/users/olga/orgs', { auth: { token: admin.token } }))).toEqual(
        expect.arrayContaining(['acme', 'secret-org', 'limited-org']),
      );
      await server.request('/orgs/acme/public_members/olga', { method: 'DELETE', auth: { token: owner.token } });
      expect((await server.request('/users/nobody-here/orgs')).status).toBe(404);
      expect((await server.request('/user/orgs')).status).toBe(401);
    });
  });

  describe('PATCH /orgs/{org}', () => {
    it('lets an owner change fields (200) and refuses others with 403', async () => {
      const res = await server.request('/orgs/acme', {
        method: 'PATCH',
        auth: { token: owner.token },
        body: { website: 'https://acme.example' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ website: 'https://acme.example', full_name: 'Acme Inc.' });
      expect((await server.request('/orgs/acme', { method: 'PATCH', auth: { token: outsider.token }, body: { website: '' } })).status).toBe(
        403,
      );
      expect((await server.request('/orgs/secret-org', { method: 'PATCH', auth: { token: outsider.token }, body: {} })).status).toBe(404);
      expect(
        (await server.request('/orgs/acme', { method: 'PATCH', auth: { token: admin.token }, body: { location: 'Mars' } })).status,
      ).toBe(200);
    });
  });

  describe('members', () => {
    const logins = (res: { body: { login: string }[] }) => res.body.map((u) => u.login);

    it('lists members and answers membership with 204/404 to members and site admins', async () => {
      const res = await server.request('/orgs/acme/members', { auth: { token: owner.token } });
      expect(res.status).toBe(200);
      expect(logins(res)).toEqual(['olga']);
      expect(logins(await server.request('/orgs/acme/members', { auth: { token: admin.token } }))).toEqual(['olga']);
      expect((await server.request('/orgs/acme/members/olga', { auth: { token: owner.token } })).status).toBe(204);
      expect((await server.request('/orgs/acme/members/otto', { auth: { token: owner.token } })).status).toBe(404);
      expect((await server.request('/orgs/secret-org/members')).status).toBe(404);
    });

    it('shows others only the public members, as in Forgejo', async () => {
      expect(logins(await server.request('/orgs/acme/members'))).toEqual([]);
      expect(logins(await server.request('/orgs/acme/members', { auth: { token: outsider.token } }))).toEqual([]);
      expect((await server.request('/orgs/acme/members/olga')).status).toBe(404);
      await server.request('/orgs/acme/public_members/olga', { method: 'PUT', auth: { token: owner.token } });
      expect(logins(await server.request('/orgs/acme/members'))).toEqual(['olga']);
      expect((await server.request('/orgs/acme/members/olga', { auth: { token: outsider.token } })).status).toBe(204);
      await server.request('/orgs/acme/public_members/olga', { method: 'DELETE', auth: { token: owner.token } });
      expect((await server.request('/orgs/acme/members/olga')).status).toBe(404);
    });

    it('removes a member (204) but never the last owner (422)', async () => {
      const team = await server.request('/orgs/acme/teams', { method: 'POST', auth: { token: owner.token }, body: { name: 'devs' } });
      await server.request(`/teams/${team.body.id}/members/otto`, { method: 'PUT', auth: { token: owner.token } });
      expect((await server.request('/orgs/acme/members/otto', { auth: { token: owner.token } })).status).toBe(204);
      expect((await server.request('/orgs/acme/members/otto', { method: 'DELETE', auth: { token: outsider.token } })).status).toBe(403);
      expect((await server.request('/orgs/acme/members/otto', { method: 'DELETE', auth: { token: owner.token } })).status).toBe(204);
      expect((await server.request('/orgs/acme/members/otto', { auth: { token: owner.token } })).status).toBe(404);
      expect((await server.request('/orgs/acme/members/olga', { method: 'DELETE', auth: { token: owner.token } })).status).toBe(422);
    });
  });

  describe('DELETE /orgs/{org}', () => {
    it('lets an owner delete the organization (204), refusing others', async () => {
      await createOrg(owner, { username: 'doomed-org' });
      expect((await server.request('/orgs/doomed-org', { method: 'DELETE', auth: { token: outsider.token } })).status).toBe(403);
      expect((await server.request('/orgs/doomed-org', { method: 'DELETE', auth: { token: owner.token } })).status).toBe(204);
      expect((await server.request('/orgs/doomed-org')).status).toBe(404);
      expect((await server.request('/orgs/doomed-org', { method: 'DELETE', auth: { token: owner.token } })).status).toBe(404);
    });
  });
});
