import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Team repositories from both sides (`/teams/{id}/repos…` and
 * `/repos/{owner}/{repo}/teams…`), the access they give to the team's
 * members, `GET /repositories/{id}` and `POST /org/{org}/repos`.
 */
describe('team repositories', () => {
  let server: TestServer;
  let owner: TestUser;
  let dev: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let devsId: number;
  let readersId: number;
  const as = (who: TestUser) => ({ auth: { token: who.token } });
  const names = (list: { name: string }[]) => list.map((x) => x.name).sort();

  /** A team member's write through the API: creating a file in the repository. */
  const writeFile = (who: TestUser, repo: string, path: string) =>
    server.request(`/repos/teamrepo-co/${repo}/contents/${path}`, {
      method: 'POST',
      ...as(who),
      body: { content: Buffer.from('hello').toString('base64'), message: `add ${path}` },
    });

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server, { name: 'tr-owner' });
    dev = await createTestUser(server, { name: 'tr-dev' });
    member = await createTestUser(server, { name: 'tr-member' });
    outsider = await createTestUser(server, { name: 'tr-outsider' });
    admin = await createTestUser(server, { admin: true });
    await server.request('/orgs', { method: 'POST', ...as(owner), body: { username: 'teamrepo-co' } });
    const devs = await server.request('/orgs/teamrepo-co/teams', {
      method: 'POST',
      ...as(owner),
      body: { name: 'devs', permission: 'write', units: ['repo.code', 'repo.issues'] },
    });
    devsId = devs.body.id;
    const readers = await server.request('/orgs/teamrepo-co/teams', {
      method: 'POST',
      ...as(owner),
      body: { name: 'readers', permission: 'read', includes_all_repositories: true },
    });
    readersId = readers.body.id;
    await server.request(`/teams/${devsId}/members/tr-dev`, { method: 'PUT', ...as(owner) });
    await server.request(`/teams/${readersId}/members/tr-member`, { method: 'PUT', ...as(owner) });
    for (const name of ['secret', 'other']) {
      const res = await server.request('/orgs/teamrepo-co/repos', {
        method: 'POST',
        ...as(owner),
        body: { name, private: true, auto_init: true },
      });
      expect(res.status).toBe(201);
    }
    await server.request('/user/repos', { method: 'POST', ...as(owner), body: { name: 'mine', auto_init: true } });
  });
  afterAll(async () => server?.close());

  it('gives a team member write access while the team has the repository, and takes it away after', async () => {
    expect((await server.request('/repos/teamrepo-co/secret', as(dev))).status).toBe(404);
    expect((await writeFile(dev, 'secret', 'before.txt')).status).toBe(404);

    const add = await server.request(`/teams/${devsId}/repos/teamrepo-co/secret`, { method: 'PUT', ...as(owner) });
    expect(add.status).toBe(204);
    const seen = await server.request('/repos/teamrepo-co/secret', as(dev));
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toMatchObject({ pull: true, push: true, admin: false });
    expect((await writeFile(dev, 'secret', 'during.txt')).status).toBe(201);

    const remove = await server.request(`/teams/${devsId}/repos/teamrepo-co/secret`, { method: 'DELETE', ...as(owner) });
    expect(remove.status).toBe(204);
    expect((await server.request('/repos/teamrepo-co/secret', as(dev))).status).toBe(404);
    expect((await writeFile(dev, 'secret', 'after.txt')).status).toBe(404);
    // The file written while the team had access is there; nothing else is.
    expect((await server.request('/repos/teamrepo-co/secret/contents/during.txt', as(owner))).status).toBe(200);
    expect((await server.request('/repos/teamrepo-co/secret/contents/after.txt', as(owner))).status).toBe(404);
  });

  describe('/teams/{id}/repos', () => {
    beforeAll(async () => {
      await server.request(`/teams/${devsId}/repos/teamrepo-co/secret`, { method: 'PUT', ...as(owner) });
    });

    it('lists the repositories of a team (all of them for a team that includes all) with X-Total-Count', async () => {
      const devs = await server.request(`/teams/${devsId}/repos`, as(owner));
      expect(devs.status).toBe(200);
      expect(names(devs.body)).toEqual(['secret']);
      expect(devs.headers.get('x-total-count')).toBe('1');
      expectForgejoShape('GET', '/teams/{id}/repos', 200, devs.body);
      const readers = await server.request(`/teams/${readersId}/repos`, as(member));
      expect(names(readers.body)).toEqual(['other', 'secret']);
    });

    it('answers one repository of the team, and 404 for one it does not reach', async () => {
      const one = await server.request(`/teams/${devsId}/repos/teamrepo-co/secret`, as(dev));
      expect(one.status).toBe(200);
      expect(one.body.full_name).toBe('teamrepo-co/secret');
      expectForgejoShape('GET', '/teams/{id}/repos/{org}/{repo}', 200, one.body);
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/other`, as(owner))).status).toBe(404);
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/nothing`, as(owner))).status).toBe(404);
    });

    it('lets only owners and site admins add or remove; others get 403, outsiders 403, unknown teams 404', async () => {
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/other`, { method: 'PUT', ...as(dev) })).status).toBe(403);
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/secret`, { method: 'DELETE', ...as(dev) })).status).toBe(403);
      expect((await server.request(`/teams/${devsId}/repos`, as(outsider))).status).toBe(403);
      expect((await server.request(`/teams/${devsId}/repos`)).status).toBe(401);
      expect((await server.request('/teams/999999/repos', as(owner))).status).toBe(404);
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/other`, { method: 'PUT', ...as(admin) })).status).toBe(204);
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/other`, { method: 'DELETE', ...as(admin) })).status).toBe(204);
    });

    it('refuses (422) a repository of another owner and is idempotent for the same repository', async () => {
      const foreign = await server.request(`/teams/${devsId}/repos/tr-owner/mine`, { method: 'PUT', ...as(owner) });
      expect(foreign.status).toBe(422);
      expect(foreign.body.message).toContain('organization');
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/secret`, { method: 'PUT', ...as(owner) })).status).toBe(204);
      expect((await server.request(`/teams/${devsId}/repos`, as(owner))).headers.get('x-total-count')).toBe('1');
    });
  });

  describe('/repos/{owner}/{repo}/teams', () => {
    it('lists the teams reaching the repository to whoever may read it', async () => {
      const res = await server.request('/repos/teamrepo-co/secret/teams', as(dev));
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(['Owners', 'devs', 'readers']);
      expect(res.body[0].organization.name).toBe('teamrepo-co');
      expectForgejoShape('GET', '/repos/{owner}/{repo}/teams', 200, res.body);
      expect((await server.request('/repos/teamrepo-co/secret/teams', as(outsider))).status).toBe(404);
    });

    it('checks one team: 200 with the team when it reaches the repository, else 404', async () => {
      const res = await server.request('/repos/teamrepo-co/secret/teams/DEVS', as(owner));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: devsId, name: 'devs' });
      expectForgejoShape('GET', '/repos/{owner}/{repo}/teams/{team}', 200, res.body);
      expect((await server.request('/repos/teamrepo-co/other/teams/devs', as(owner))).status).toBe(404);
      expect((await server.request('/repos/teamrepo-co/secret/teams/nobody', as(owner))).status).toBe(404);
    });

    it('adds and removes a team (204), 422 when already added or not added, 403 for non-owners', async () => {
      const add = () => server.request('/repos/teamrepo-co/other/teams/devs', { method: 'PUT', ...as(owner) });
      const del = () => server.request('/repos/teamrepo-co/other/teams/devs', { method: 'DELETE', ...as(owner) });
      expect((await server.request('/repos/teamrepo-co/other/teams/devs', { method: 'PUT', ...as(member) })).status).toBe(403);
      expect((await add()).status).toBe(204);
      expect((await server.request(`/teams/${devsId}/repos/teamrepo-co/other`, as(dev))).status).toBe(200);
      const again = await add();
      expect(again.status).toBe(422);
      expect(again.body.message).toContain('already');
      expect((await del()).status).toBe(204);
      expect((await server.request('/repos/teamrepo-co/other', as(dev))).status).toBe(404);
      expect((await del()).status).toBe(422);
      const all = await server.request('/repos/teamrepo-co/other/teams/readers', { method: 'DELETE', ...as(owner) });
      expect(all.status).toBe(422);
      expect(all.body.message).toContain('all repositories');
    });

    it("answers 405 for a user's repository", async () => {
      expect((await server.request('/repos/tr-owner/mine/teams', as(owner))).status).toBe(405);
      expect((await server.request('/repos/tr-owner/mine/teams/devs', { method: 'PUT', ...as(owner) })).status).toBe(405);
    });
  });

  describe('GET /repositories/{id}', () => {
    it('answers a repository by id to whoever may read it, 404 to others and for unknown ids', async () => {
      const secret = await server.request('/repos/teamrepo-co/secret', as(owner));
      const res = await server.request(`/repositories/${secret.body.id}`, as(dev));
      expect(res.status).toBe(200);
      expect(res.body.full_name).toBe('teamrepo-co/secret');
      expectForgejoShape('GET', '/repositories/{id}', 200, res.body);
      expect((await server.request(`/repositories/${secret.body.id}`, as(outsider))).status).toBe(404);
      expect((await server.request(`/repositories/${secret.body.id}`)).status).toBe(404);
      expect((await server.request('/repositories/999999999999')).status).toBe(404);
      const mine = await server.request('/repos/tr-owner/mine', as(owner));
      expect((await server.request(`/repositories/${mine.body.id}`)).body.full_name).toBe('tr-owner/mine');
    });
  });

  describe('POST /org/{org}/repos (deprecated)', () => {
    it('creates a repository in the organization like POST /orgs/{org}/repos', async () => {
      const res = await server.request('/org/teamrepo-co/repos', { method: 'POST', ...as(owner), body: { name: 'old-style' } });
      expect(res.status).toBe(201);
      expect(res.body.full_name).toBe('teamrepo-co/old-style');
      expectForgejoShape('POST', '/org/{org}/repos', 201, res.body);
      expect((await server.request('/org/teamrepo-co/repos', { method: 'POST', ...as(owner), body: { name: 'old-style' } })).status).toBe(
        409,
      );
      expect((await server.request('/org/teamrepo-co/repos', { method: 'POST', ...as(outsider), body: { name: 'x' } })).status).toBe(403);
      expect((await server.request('/org/no-such-org/repos', { method: 'POST', ...as(owner), body: { name: 'x' } })).status).toBe(404);
    });
  });
});
