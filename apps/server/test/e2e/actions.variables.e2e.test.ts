import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/** Actions variables of users, organizations and repositories: plain values, names as for secrets. */
describe('actions variables', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const uniqueOrg = () => `org${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** The five operations on one base path, as `user`. */
  function variablesAt(base: string, user: TestUser) {
    return {
      list: (query = '') => server.request(`${base}${query}`, as(user)),
      get: (name: string) => server.request(`${base}/${name}`, as(user)),
      create: (name: string, body: unknown) => server.request(`${base}/${name}`, { method: 'POST', ...as(user), body }),
      update: (name: string, body: unknown) => server.request(`${base}/${name}`, { method: 'PUT', ...as(user), body }),
      remove: (name: string) => server.request(`${base}/${name}`, { method: 'DELETE', ...as(user) }),
    };
  }

  it('creates (201), reads (CRLF stored as LF), renames and updates (204), and deletes (204, then 404) a user variable', async () => {
    const mine = variablesAt('/user/actions/variables', alice);
    expect((await mine.create('deploy_region', { value: 'eu-west-1\r\nline 2' })).status).toBe(201);
    const read = await mine.get('Deploy_Region');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ owner_id: alice.user.id, repo_id: 0, name: 'DEPLOY_REGION', data: 'eu-west-1\nline 2' });

    expect((await mine.update('deploy_region', { value: 'us-east-1' })).status).toBe(204);
    expect((await mine.get('DEPLOY_REGION')).body.data).toBe('us-east-1');
    expect((await mine.update('DEPLOY_REGION', { name: 'region', value: 'ap-south-1' })).status).toBe(204);
    expect((await mine.get('DEPLOY_REGION')).status).toBe(404);
    expect((await mine.get('REGION')).body).toMatchObject({ name: 'REGION', data: 'ap-south-1' });

    expect((await mine.remove('region')).status).toBe(204);
    expect((await mine.remove('REGION')).status).toBe(404);
    expect((await mine.update('REGION', { value: 'x' })).status).toBe(404);
    expect((await server.request('/user/actions/variables/X', { method: 'POST', body: { value: 'v' } })).status).toBe(401);
  });

  it('keeps each user to their own variables', async () => {
    expect((await variablesAt('/user/actions/variables', alice).create('ONLY_ALICE', { value: 'a' })).status).toBe(201);
    const bobs = variablesAt('/user/actions/variables', bob);
    expect((await bobs.get('ONLY_ALICE')).status).toBe(404);
    expect((await bobs.create('ONLY_ALICE', { value: 'b' })).status).toBe(201);
    expect((await variablesAt('/user/actions/variables', alice).get('ONLY_ALICE')).body.data).toBe('a');
  });

  it('refuses a taken name with 409, on create and on rename, changing nothing', async () => {
    const mine = variablesAt('/user/actions/variables', alice);
    expect((await mine.create('TAKEN', { value: '1' })).status).toBe(201);
    expect((await mine.create('taken', { value: '2' })).status).toBe(409);
    expect((await mine.create('OTHER', { value: '3' })).status).toBe(201);
    expect((await mine.update('OTHER', { name: 'taken', value: '4' })).status).toBe(409);
    expect((await mine.get('TAKEN')).body.data).toBe('1');
    expect((await mine.get('OTHER')).body.data).toBe('3');
  });

  it('refuses names Forgejo refuses (400 naming the field) and bad values, changing nothing', async () => {
    const mine = variablesAt('/user/actions/variables', alice);
    for (const name of ['1abc', 'has-dash', 'GITHUB_TOKEN', 'gitea_x', 'Forgejo_y', 'CI', 'ci_mode']) {
      const res = await mine.create(name, { value: 'v' });
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect(res.body.message).toMatch(/variablename/);
    }
    expect((await mine.create('KEEP', { value: 'v' })).status).toBe(201);
    const rename = await mine.update('KEEP', { name: 'github_x', value: 'w' });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toMatch(/^name: /);
    const tooLong = await mine.update('KEEP', { value: 'x'.repeat(65537) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/value/);
    expect((await mine.create('NO_VALUE', {})).status).toBe(422);
    expect((await mine.create('EMPTY_VALUE', { value: '' })).status).toBe(422);
    expect((await mine.get('KEEP')).body.data).toBe('v');
    expect((await mine.get('NO_VALUE')).status).toBe(404);
    expect((await mine.create('BIG', { value: 'x'.repeat(65536) })).status).toBe(201);
    expect((await mine.create('CRLF_FITS', { value: 'x\r\n'.repeat(30000) + 'x'.repeat(5000) })).status).toBe(201);
    expect((await mine.remove('GITHUB_X')).status).toBe(400);
  });

  it('pages a list by name with X-Total-Count', async () => {
    const carol = await createTestUser(server);
    const hers = variablesAt('/user/actions/variables', carol);
    for (const name of ['C', 'A', 'B']) expect((await hers.create(name, { value: name.toLowerCase() })).status).toBe(201);
    const first = await hers.list('?page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(first.body).toEqual([
      { owner_id: carol.user.id, repo_id: 0, name: 'A', data: 'a' },
      { owner_id: carol.user.id, repo_id: 0, name: 'B', data: 'b' },
    ]);
    expect((await hers.list('?page=2&limit=2')).body.map((v: { name: string }) => v.name)).toEqual(['C']);
  });

  it('keeps organization variables for its owners; a private organization is 404 to strangers', async () => {
    const org = uniqueOrg();
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: org, visibility: 'private' } })).status).toBe(
      201,
    );
    const owners = variablesAt(`/orgs/${org}/actions/variables`, alice);
    expect((await owners.create('NPM_REGISTRY', { value: 'https://npm.example' })).status).toBe(201);
    const orgId = (await owners.get('NPM_REGISTRY')).body.owner_id;
    expect(orgId).not.toBe(alice.user.id);
    expect((await owners.list()).body).toEqual([{ owner_id: orgId, repo_id: 0, name: 'NPM_REGISTRY', data: 'https://npm.example' }]);

    const stranger = variablesAt(`/orgs/${org}/actions/variables`, bob);
    expect((await stranger.list()).status).toBe(404);
    expect((await stranger.get('NPM_REGISTRY')).status).toBe(404);
    expect((await stranger.create('MINE', { value: 'x' })).status).toBe(404);
    expect((await stranger.update('NPM_REGISTRY', { value: 'x' })).status).toBe(404);
    expect((await stranger.remove('NPM_REGISTRY')).status).toBe(404);
    expect((await owners.get('NPM_REGISTRY')).body.data).toBe('https://npm.example');
  });

  it('keeps repository variables for its administrators; a private repository is 404 to outsiders', async () => {
    const repo = await createTestRepository(server, alice.user, { isPrivate: true });
    const admin = variablesAt(`/repos/${alice.name}/${repo.name}/actions/variables`, alice);
    expect((await admin.create('IMAGE', { value: 'node:20' })).status).toBe(201);
    expect((await admin.get('image')).body).toEqual({ owner_id: 0, repo_id: repo.id, name: 'IMAGE', data: 'node:20' });
    const outsider = variablesAt(`/repos/${alice.name}/${repo.name}/actions/variables`, bob);
    expect((await outsider.list()).status).toBe(404);
    expect((await outsider.get('IMAGE')).status).toBe(404);
    expect((await outsider.remove('IMAGE')).status).toBe(404);

    const open = await createTestRepository(server, alice.user);
    const reader = variablesAt(`/repos/${alice.name}/${open.name}/actions/variables`, bob);
    expect((await reader.list()).status).toBe(403);
    expect((await reader.create('X', { value: 'y' })).status).toBe(403);
  });

  it('deletes the variables of a deleted repository and of a deleted organization', async () => {
    const repo = await createTestRepository(server, alice.user);
    expect((await variablesAt(`/repos/${alice.name}/${repo.name}/actions/variables`, alice).create('GONE', { value: 'r' })).status).toBe(
      201,
    );
    const org = uniqueOrg();
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: org } })).status).toBe(201);
    expect((await variablesAt(`/orgs/${org}/actions/variables`, alice).create('GONE', { value: 'o' })).status).toBe(201);
    const count = async () =>
      Number((await server.db.dataSource.query(`SELECT COUNT(*) AS n FROM action_variable WHERE name = 'GONE'`))[0].n);
    expect(await count()).toBe(2);

    expect((await server.request(`/repos/${alice.name}/${repo.name}`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    expect((await server.request(`/orgs/${org}`, { method: 'DELETE', ...as(alice) })).status).toBe(204);
    expect(await count()).toBe(0);
  });
});
