import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Issue dependencies: "B blocks A" made from either side, listed both ways,
 * no circles, an issue with open dependencies cannot be closed, both
 * timelines tell of it, and an issue the caller cannot see stays a 404.
 */
describe('issue dependencies', () => {
  let server: TestServer;
  let owner: TestUser;
  let reader: TestUser;
  let outsider: TestUser;
  let repo: RepositoryEntity;
  let other: RepositoryEntity;
  let secret: RepositoryEntity;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const issuePath = (r: RepositoryEntity, index: number, rest = '') => `/repos/${owner.name}/${r.name}/issues/${index}${rest}`;
  const meta = (r: RepositoryEntity, index: number) => ({ owner: owner.name, repo: r.name, index });

  async function openIssue(r: RepositoryEntity, title = 'task'): Promise<number> {
    const res = await server.request(`/repos/${owner.name}/${r.name}/issues`, { method: 'POST', body: { title }, ...as(owner) });
    expect(res.status).toBe(201);
    return res.body.number;
  }

  const change = (
    method: 'POST' | 'DELETE',
    side: 'dependencies' | 'blocks',
    r: RepositoryEntity,
    index: number,
    body: unknown,
    user = owner,
  ) => server.request(issuePath(r, index, `/${side}`), { method, body, ...as(user) });
  const listed = async (side: 'dependencies' | 'blocks', r: RepositoryEntity, index: number, user: TestUser | 'anonymous' = owner) =>
    (await server.request(issuePath(r, index, `/${side}`), user === 'anonymous' ? {} : as(user))).body.map(
      (i: any) => `${i.repository.name}#${i.number}`,
    );

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    reader = await createTestUser(server);
    outsider = await createTestUser(server);
    repo = await createTestRepository(server, owner.user);
    other = await createTestRepository(server, owner.user);
    secret = await createTestRepository(server, owner.user, { isPrivate: true });
  }, 60_000);

  afterAll(() => server?.close());

  it('makes an issue depend on another, lists it both ways and notes it in both timelines', async () => {
    const a = await openIssue(repo, 'feature');
    const b = await openIssue(repo, 'groundwork');
    const made = await change('POST', 'dependencies', repo, a, { index: b });
    expect(made.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/issues/{index}/dependencies', 201, made.body);
    expect(made.body.number).toBe(a);

    const deps = await server.request(issuePath(repo, a, '/dependencies'), as(owner));
    expect(deps.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/dependencies', 200, deps.body);
    expect(deps.body.map((i: any) => i.number)).toEqual([b]);
    const blocks = await server.request(issuePath(repo, b, '/blocks'), as(owner));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/blocks', 200, blocks.body);
    expect(blocks.body.map((i: any) => i.number)).toEqual([a]);
    expect(await listed('dependencies', repo, b)).toEqual([]);

    for (const [index, otherIndex] of [
      [a, b],
      [b, a],
    ]) {
      const timeline = await server.request(issuePath(repo, index, '/timeline'), as(owner));
      expectForgejoShape('GET', '/repos/{owner}/{repo}/issues/{index}/timeline', 200, timeline.body);
      expect(timeline.body.map((e: any) => [e.type, e.dependent_issue?.number])).toEqual([['add_dependency', otherIndex]]);
    }

    const removed = await change('DELETE', 'dependencies', repo, a, meta(repo, b));
    expect(removed.status).toBe(200);
    expectForgejoShape('DELETE', '/repos/{owner}/{repo}/issues/{index}/dependencies', 200, removed.body);
    expect(removed.body.number).toBe(a);
    expect((await change('DELETE', 'dependencies', repo, a, meta(repo, b))).status).toBe(404);
    expect(await listed('dependencies', repo, a)).toEqual([]);
    const timeline = await server.request(issuePath(repo, b, '/timeline'), as(owner));
    expect(timeline.body.map((e: any) => e.type)).toEqual(['add_dependency', 'remove_dependency']);
  });

  it('blocks from the other side, across repositories', async () => {
    const blocker = await openIssue(repo);
    const blocked = await openIssue(other);
    const made = await change('POST', 'blocks', repo, blocker, meta(other, blocked));
    expect(made.status).toBe(201);
    expectForgejoShape('POST', '/repos/{owner}/{repo}/issues/{index}/blocks', 201, made.body);
    expect(made.body.number).toBe(blocker);
    expect(await listed('dependencies', other, blocked)).toEqual([`${repo.name}#${blocker}`]);
    const removed = await change('DELETE', 'blocks', repo, blocker, meta(other, blocked));
    expect(removed.status).toBe(200);
    expectForgejoShape('DELETE', '/repos/{owner}/{repo}/issues/{index}/blocks', 200, removed.body);
    expect(await listed('blocks', repo, blocker)).toEqual([]);
  });

  it('refuses a duplicate, a circle (direct or through others) and a dependency on itself, changing nothing', async () => {
    const [a, b, c] = [await openIssue(repo), await openIssue(repo), await openIssue(repo)];
    expect((await change('POST', 'dependencies', repo, a, { index: b })).status).toBe(201);
    expect((await change('POST', 'dependencies', repo, b, { index: c })).status).toBe(201);
    const twice = await change('POST', 'dependencies', repo, a, { index: b });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already depends/);
    expect((await change('POST', 'dependencies', repo, b, { index: a })).status).toBe(409);
    const circle = await change('POST', 'dependencies', repo, c, { index: a });
    expect(circle.status).toBe(409);
    expect(circle.body.message).toMatch(/circular/);
    expect((await change('POST', 'blocks', repo, a, { index: c })).status).toBe(409);
    expect((await change('POST', 'dependencies', repo, a, { index: a })).status).toBe(422);
    expect((await change('POST', 'dependencies', repo, a, { index: 'two' })).status).toBe(422);
    expect((await change('POST', 'dependencies', repo, a, {})).status).toBe(422);
    expect((await change('POST', 'dependencies', repo, a, { index: 999_999 })).status).toBe(404);
    expect(await listed('dependencies', repo, c)).toEqual([]);
    expect(await listed('dependencies', repo, a)).toEqual([`${repo.name}#${b}`]);
  });

  it('keeps an issue with open dependencies open (412) until they are closed', async () => {
    const a = await openIssue(repo);
    const b = await openIssue(repo);
    await change('POST', 'dependencies', repo, a, { index: b });
    const close = (index: number) => server.request(issuePath(repo, index), { method: 'PATCH', body: { state: 'closed' }, ...as(owner) });
    const refused = await close(a);
    expect(refused.status).toBe(412);
    expect(refused.body.message).toMatch(/open dependencies/);
    expect((await server.request(issuePath(repo, a), as(owner))).body.state).toBe('open');
    expect((await close(b)).status).toBe(201);
    expect((await close(a)).body.state).toBe('closed');
  });

  it('keeps a pull request with open dependencies open too (412)', async () => {
    const code = await createTestRepository(server, owner.user, { autoInit: true });
    const api = (rest: string) => `/repos/${owner.name}/${code.name}${rest}`;
    expect((await server.request(api('/branches'), { method: 'POST', body: { new_branch_name: 'fix' }, ...as(owner) })).status).toBe(201);
    const file = { content: Buffer.from('fixed\n').toString('base64'), branch: 'fix', message: 'fix' };
    expect((await server.request(api('/contents/fix.txt'), { method: 'POST', body: file, ...as(owner) })).status).toBe(201);
    const pull = await server.request(api('/pulls'), { method: 'POST', body: { head: 'fix', base: 'main', title: 'Fix' }, ...as(owner) });
    expect(pull.status).toBe(201);
    const blocker = await openIssue(code);
    expect((await change('POST', 'dependencies', code, pull.body.number, { index: blocker })).status).toBe(201);
    const close = () => server.request(api(`/pulls/${pull.body.number}`), { method: 'PATCH', body: { state: 'closed' }, ...as(owner) });
    expect((await close()).status).toBe(412);
    await server.request(issuePath(code, blocker), { method: 'PATCH', body: { state: 'closed' }, ...as(owner) });
    expect((await close()).body.state).toBe('closed');
  });

  it('keeps issues the caller cannot see out of reach and out of lists', async () => {
    const open = await openIssue(repo);
    const hidden = await openIssue(secret);
    // Only writers of the depending issue's repository may link it (404 as Forgejo answers).
    expect((await change('POST', 'dependencies', repo, open, meta(repo, hidden), reader)).status).toBe(404);
    // A dependency on an issue the caller cannot see does not exist for them.
    await server.db.collaborations.set(repo.id, outsider.user.id, 'write');
    expect((await change('POST', 'dependencies', repo, open, meta(secret, hidden), outsider)).status).toBe(404);
    expect((await change('POST', 'dependencies', repo, open, meta(secret, hidden))).status).toBe(201);
    expect(await listed('dependencies', repo, open, outsider)).toEqual([]);
    expect(await listed('dependencies', repo, open, 'anonymous')).toEqual([]);
    expect(await listed('dependencies', repo, open)).toEqual([`${secret.name}#${hidden}`]);
    expect((await server.request(issuePath(secret, hidden, '/blocks'), as(outsider))).status).toBe(404);
    // The timeline tells of the dependency only to those who may read the other issue.
    const timeline = async (user: TestUser) =>
      (await server.request(issuePath(repo, open, '/timeline'), as(user))).body.map((e: any) => e.type);
    expect(await timeline(owner)).toEqual(['add_dependency']);
    expect(await timeline(outsider)).toEqual([]);
    expect((await change('DELETE', 'dependencies', repo, open, meta(secret, hidden), outsider)).status).toBe(404);
    expect((await server.request(issuePath(repo, open, '/dependencies'), { method: 'POST', body: { index: 1 } })).status).toBe(401);
  });
});

describe('issue dependencies with [service] ALLOW_CROSS_REPOSITORY_DEPENDENCIES = false', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SERVICE__ALLOW_CROSS_REPOSITORY_DEPENDENCIES: 'false' });
  }, 60_000);
  afterAll(() => server?.close());

  it('refuses a dependency on another repository’s issue (400) and still links issues of one repository', async () => {
    const owner = await createTestUser(server);
    const auth = { auth: { token: owner.token } };
    const [here, there] = [await createTestRepository(server, owner.user), await createTestRepository(server, owner.user)];
    const open = async (r: RepositoryEntity) =>
      (await server.request(`/repos/${owner.name}/${r.name}/issues`, { method: 'POST', body: { title: 't' }, ...auth })).body.number;
    const [a, b, c] = [await open(here), await open(here), await open(there)];
    const link = (body: unknown) =>
      server.request(`/repos/${owner.name}/${here.name}/issues/${a}/dependencies`, { method: 'POST', body, ...auth });
    const refused = await link({ owner: owner.name, repo: there.name, index: c });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/ALLOW_CROSS_REPOSITORY_DEPENDENCIES/);
    expect((await link({ owner: owner.name.toUpperCase(), repo: here.name, index: b })).status).toBe(201);
  });
});
