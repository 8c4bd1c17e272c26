import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

describe('teams API', () => {
  let server: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let ownersTeamId: number;
  const as = (who: TestUser) => ({ auth: { token: who.token } });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server, { name: 'tina' });
    member = await createTestUser(server, { name: 'mia' });
    outsider = await createTestUser(server, { name: 'uwe' });
    admin = await createTestUser(server, { admin: true });
    await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'teamco' } });
    await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'hidden-co', visibility: 'private' } });
    const teams = await server.request('/orgs/teamco/teams', as(owner));
    ownersTeamId = teams.body.find((t: { name: string }) => t.name === 'Owners').id;
  });
  afterAll(async () => server?.close());

  it('creates an organization with an Owners team holding its creator', async () => {
    const team = await server.request(`/teams/${ownersTeamId}`, as(owner));
    expect(team.body).toMatchObject({ name: 'Owners', permission: 'owner', organization: expect.objectContaining({ name: 'teamco' }) });
    const members = await server.request(`/teams/${ownersTeamId}/members`, as(owner));
    expect(members.body.map((u: { login: string }) => u.login)).toEqual(['tina']);
  });

  describe('POST /orgs/{org}/teams', () => {
    it('creates a team (201) with the organization filled in and units from the list', async () => {
      const res = await server.request('/orgs/teamco/teams', {
        method: 'POST',
        ...as(owner),
        body: { name: 'writers', permission: 'write', units: ['repo.code', 'repo.issues'] },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'writers',
        permission: 'write',
        units: ['repo.code', 'repo.issues'],
        units_map: { 'repo.code': 'write', 'repo.issues': 'write' },
        organization: expect.objectContaining({ id: expect.any(Number), name: 'teamco' }),
      });
    });

    it('answers 422 for a name taken in any case, a bad name, an unknown unit or permission', async () => {
      const create = (body: object) => server.request('/orgs/teamco/teams', { method: 'POST', ...as(owner), body });
      await create({ name: 'readers' });
      expect((await create({ name: 'READERS' })).status).toBe(422);
      expect((await create({ name: 'bad name!' })).status).toBe(422);
      expect((await create({ name: 'unity', units: ['repo.nothing'] })).body.message).toContain('repo.nothing');
      expect((await create({ name: 'perm', permission: 'owner' })).status).toBe(422);
      expect((await create({})).body.message).toContain('name');
    });

    it('answers 403 to a non-owner, 404 for an unknown or hidden organization, 401 anonymous', async () => {
      expect((await server.request('/orgs/teamco/teams', { method: 'POST', ...as(outsider), body: { name: 'x' } })).status).toBe(403);
      expect((await server.request('/orgs/no-such-org/teams', { method: 'POST', ...as(owner), body: { name: 'x' } })).status).toBe(404);
      expect((await server.request('/orgs/hidden-co/teams', { method: 'POST', ...as(outsider), body: { name: 'x' } })).status).toBe(404);
      expect((await server.request('/orgs/teamco/teams', { method: 'POST', body: { name: 'x' } })).status).toBe(401);
    });
  });

  describe('GET /orgs/{org}/teams', () => {
    it('lists teams to members with X-Total-Count; non-members get 403, hidden orgs 404', async () => {
      const res = await server.request('/orgs/teamco/teams', as(owner));
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
      expect((await server.request('/orgs/teamco/teams', as(outsider))).status).toBe(403);
      expect((await server.request('/orgs/hidden-co/teams', as(outsider))).status).toBe(404);
      expect((await server.request('/orgs/teamco/teams', as(admin))).status).toBe(200);
    });
  });

  describe('team members', () => {
    let teamId: number;
    beforeAll(async () => {
      teamId = (await server.request('/orgs/teamco/teams', { method: 'POST', ...as(owner), body: { name: 'crew' } })).body.id;
    });

    it('adds (204), shows (200) and removes (204) a member; the user becomes an org member', async () => {
      expect((await server.request(`/teams/${teamId}/members/mia`, { method: 'PUT', ...as(owner) })).status).toBe(204);
      expect((await server.request(`/teams/${teamId}/members/mia`, as(member))).body.login).toBe('mia');
      expect((await server.request('/orgs/teamco/members/mia', as(owner))).status).toBe(204);
      const list = await server.request(`/teams/${teamId}/members`, as(member));
      expect(list.body.map((u: { login: string }) => u.login)).toEqual(['mia']);
      expect((await server.request(`/teams/${teamId}/members/mia`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect((await server.request(`/teams/${teamId}/members/mia`, as(owner))).status).toBe(404);
    });

    it('refuses non-owners (403) and answers 404 for unknown users, teams and ids', async () => {
      expect((await server.request(`/teams/${teamId}/members/uwe`, { method: 'PUT', ...as(outsider) })).status).toBe(403);
      expect((await server.request(`/teams/${teamId}/members/nobody-here`, { method: 'PUT', ...as(owner) })).status).toBe(404);
      expect((await server.request(`/teams/${teamId}/members/ghost`, { method: 'PUT', ...as(owner) })).status).toBe(404);
      expect((await server.request('/teams/999999/members', as(owner))).status).toBe(404);
      expect((await server.request('/teams/abc', as(owner))).status).toBe(404);
      expect((await server.request('/teams/99999999999999999999', as(owner))).status).toBe(404);
      expect((await server.request('/teams/99999999999', as(owner))).status).toBe(404);
    });

    it('never removes the last member of the Owners team (422)', async () => {
      expect((await server.request(`/teams/${ownersTeamId}/members/tina`, { method: 'DELETE', ...as(owner) })).status).toBe(422);
    });
  });

  describe('PATCH and DELETE /teams/{id}', () => {
    it('edits a team (200) and deletes it (204)', async () => {
      const id = (await server.request('/orgs/teamco/teams', { method: 'POST', ...as(owner), body: { name: 'temp' } })).body.id;
      const edited = await server.request(`/teams/${id}`, {
        method: 'PATCH',
        ...as(owner),
        body: { name: 'temp2', description: 'renamed', permission: 'admin' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ name: 'temp2', description: 'renamed', permission: 'admin' });
      expect((await server.request(`/teams/${id}`, { method: 'DELETE', ...as(outsider) })).status).toBe(403);
      expect((await server.request(`/teams/${id}`, { method: 'DELETE', ...as(owner) })).status).toBe(204);
      expect((await server.request(`/teams/${id}`, as(owner))).status).toBe(404);
    });

    it('keeps the Owners team: it cannot be deleted (422) and keeps its name and permission', async () => {
      expect((await server.request(`/teams/${ownersTeamId}`, { method: 'DELETE', ...as(owner) })).status).toBe(422);
      const res = await server.request(`/teams/${ownersTeamId}`, {
        method: 'PATCH',
        ...as(owner),
        body: { name: 'Bosses', permission: 'read', description: 'the owners' },
      });
      expect(res.body).toMatchObject({ name: 'Owners', permission: 'owner', description: 'the owners' });
    });

    it('hides teams of a private organization from non-members (404)', async () => {
      const hidden = await server.request('/orgs/hidden-co/teams', as(owner));
      const id = hidden.body[0].id;
      expect((await server.request(`/teams/${id}`, as(outsider))).status).toBe(404);
      expect((await server.request(`/teams/${id}`, { method: 'PATCH', ...as(outsider), body: { name: 'x' } })).status).toBe(404);
      expect((await server.request(`/teams/${id}`)).status).toBe(401);
    });
  });
});
