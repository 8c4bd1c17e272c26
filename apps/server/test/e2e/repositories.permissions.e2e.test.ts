import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('repository permissions: collaborators and organization teams', () => {
  let server: TestServer;
  let owner: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  const as = (who: TestUser) => ({ auth: { token: who.token } });
  const permissionsOf = async (who: TestUser, repo: string) => {
    const res = await server.request(`/repos/${repo}`, as(who));
    return res.status === 200 ? res.body.permissions : res.status;
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server, { name: 'olga' });
    carol = await createTestUser(server, { name: 'carol' });
    dave = await createTestUser(server, { name: 'dave' });
    await server.request('/user/repos', { method: 'POST', ...as(owner), body: { name: 'vault', private: true, auto_init: true } });
  });
  afterAll(async () => server?.close());

  describe('collaborators', () => {
    const collaborator = (name: string) => `/repos/olga/vault/collaborators/${name}`;

    it('a read collaborator sees the private repository but may not change it', async () => {
      expect(await permissionsOf(carol, 'olga/vault')).toBe(404);
      expect((await server.request(collaborator('carol'), { method: 'PUT', ...as(owner), body: { permission: 'read' } })).status).toBe(204);
      expect(await permissionsOf(carol, 'olga/vault')).toEqual({ admin: false, push: false, pull: true });
      expect((await server.request('/repos/olga/vault', { method: 'PATCH', ...as(carol), body: { description: 'mine' } })).status).toBe(
        403,
      );
      expect((await server.request(collaborator('dave'), { method: 'PUT', ...as(carol), body: { permission: 'admin' } })).status).toBe(403);
      expect((await server.request(collaborator('carol'), as(carol))).status).toBe(204);
      expect((await server.request(collaborator('dave'), as(carol))).status).toBe(404);
    });

    it('write gives push, admin gives settings; the permission route and the list say so', async () => {
      await server.request(collaborator('carol'), { method: 'PUT', ...as(owner), body: { permission: 'write' } });
      expect(await permissionsOf(carol, 'olga/vault')).toEqual({ admin: false, push: true, pull: true });
      const permission = await server.request(`${collaborator('carol')}/permission`, as(owner));
      expect(permission.body).toMatchObject({ permission: 'write', user: expect.objectContaining({ login: 'carol' }) });

      expect((await server.request(collaborator('dave'), { method: 'PUT', ...as(owner), body: { permission: 'admin' } })).status).toBe(204);
      expect(
        (await server.request('/repos/olga/vault', { method: 'PATCH', ...as(dave), body: { description: 'by dave' } })).body.description,
      ).toBe('by dave');
      const list = await server.request('/repos/olga/vault/collaborators', as(owner));
      expect(list.body.map((u: { login: string }) => u.login)).toEqual(['carol', 'dave']);
      expect(list.headers.get('x-total-count')).toBe('2');
      expect((await server.request(collaborator('carol'), { method: 'PUT', ...as(owner), body: { permission: 'owner' } })).status).toBe(
        422,
      );
    });

    it('removing a collaborator hides the private repository again', async () => {
      expect((await server.request(collaborator('dave'), { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect(await permissionsOf(dave, 'olga/vault')).toBe(404);
      expect((await server.request(collaborator('dave'), as(owner))).status).toBe(404);
      const listed = (await server.request('/user/repos', as(carol))).body.map((r: { full_name: string }) => r.full_name);
      expect(listed).toContain('olga/vault');
      expect((await server.request('/user/repos', as(dave))).body).toEqual([]);
    });
  });

  describe('organization teams', () => {
    let writersId: number;
    let creatorsId: number;

    beforeAll(async () => {
      await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'olga-co' } });
      await server.request('/orgs/olga-co/repos', { method: 'POST', ...as(owner), body: { name: 'internal', private: true } });
      const team = (body: object) => server.request('/orgs/olga-co/teams', { method: 'POST', ...as(owner), body });
      writersId = (await team({ name: 'writers', permission: 'write', units: ['repo.code'], includes_all_repositories: true })).body.id;
      creatorsId = (await team({ name: 'creators', permission: 'read', units: ['repo.code'], can_create_org_repo: true })).body.id;
    });

    it('org owners administer every repository of the organization', async () => {
      expect(await permissionsOf(owner, 'olga-co/internal')).toEqual({ admin: true, push: true, pull: true });
    });

    it('a team that includes all repositories gives its members its permission', async () => {
      expect(await permissionsOf(carol, 'olga-co/internal')).toBe(404);
      expect((await server.request(`/teams/${writersId}/members/carol`, { method: 'PUT', ...as(owner) })).status).toBe(204);
      expect(await permissionsOf(carol, 'olga-co/internal')).toEqual({ admin: false, push: true, pull: true });
    });

    it('a team that may create repositories reaches the ones its members create (their creator administers them), and no others', async () => {
      await server.request(`/teams/${creatorsId}/members/dave`, { method: 'PUT', ...as(owner) });
      expect(await permissionsOf(dave, 'olga-co/internal')).toBe(404);
      const created = await server.request('/orgs/olga-co/repos', { method: 'POST', ...as(dave), body: { name: 'daves', private: true } });
      expect(created.status).toBe(201);
      expect(await permissionsOf(dave, 'olga-co/daves')).toEqual({ admin: true, push: true, pull: true });
      const erin = await createTestUser(server, { name: 'erin' });
      await server.request(`/teams/${creatorsId}/members/erin`, { method: 'PUT', ...as(owner) });
      expect(await permissionsOf(erin, 'olga-co/daves')).toEqual({ admin: false, push: false, pull: true });
      expect(await permissionsOf(erin, 'olga-co/internal')).toBe(404);
      expect((await server.request('/orgs/olga-co/repos', as(dave))).body.map((r: { name: string }) => r.name)).toEqual(['daves']);
    });
  });
});
