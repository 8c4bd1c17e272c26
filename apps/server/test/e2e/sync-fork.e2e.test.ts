import { createTestUser, TestUser } from '../support/fixtures';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Syncing a fork with its base: how far behind a branch is, a fast-forward
 * to the base's tip, and the refusals Forgejo makes (no fork, diverged or
 * equal branches, branches the fork lacks, callers who may not write).
 */
describe('syncing a fork', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  let cy: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const tip = async (owner: TestUser, repo: string, branch = 'main') =>
    (await server.request(`/repos/${owner.name}/${repo}/branches/${branch}`, as(owner))).body.commit.id as string;
  const commitFile = async (owner: TestUser, repo: string, path: string, branch = 'main', newBranch?: string) => {
    const res = await server.request(`/repos/${owner.name}/${repo}/contents/${path}`, {
      ...as(owner),
      method: 'POST',
      body: { content: Buffer.from(`${path}\n`).toString('base64'), branch, new_branch: newBranch, message: `add ${path}` },
    });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    server = await startTestServer();
    [ada, bo, cy] = [await createTestUser(server), await createTestUser(server), await createTestUser(server)];
    expect((await server.request('/user/repos', { ...as(ada), method: 'POST', body: { name: 'base', auto_init: true } })).status).toBe(201);
    await commitFile(ada, 'base', 'extra.txt', 'main', 'side');
    expect((await server.request(`/repos/${ada.name}/base/forks`, { ...as(bo), method: 'POST', body: {} })).status).toBe(202);
  });
  afterAll(async () => server?.close());

  it('tells how far behind the fork is and fast-forwards it', async () => {
    const even = await server.request(`/repos/${bo.name}/base/sync_fork`, as(bo));
    expect(even.status).toBe(200);
    // Forgejo answers one SyncForkInfo object (its description says an array, its code sends an object).
    expect(Object.keys(even.body).sort()).toEqual(['allowed', 'base_commit', 'commits_behind', 'fork_commit']);
    expect(even.body).toMatchObject({ allowed: false, commits_behind: 0 });
    expect(even.body.fork_commit).toBe(even.body.base_commit);

    await commitFile(ada, 'base', 'one.txt');
    await commitFile(ada, 'base', 'two.txt');
    const behind = await server.request(`/repos/${bo.name}/base/sync_fork`, as(bo));
    expect(behind.body).toEqual({
      allowed: true,
      commits_behind: 2,
      fork_commit: even.body.fork_commit,
      base_commit: await tip(ada, 'base'),
    });
    expect((await server.request(`/repos/${bo.name}/base/sync_fork`, { ...as(bo), method: 'POST' })).status).toBe(204);
    expect(await tip(bo, 'base')).toBe(await tip(ada, 'base'));
    expect((await server.request(`/repos/${bo.name}/base/raw/two.txt`, as(bo))).text).toBe('two.txt\n');
  });

  it('syncs another branch by name', async () => {
    await commitFile(ada, 'base', 'side.txt', 'side');
    const info = await server.request(`/repos/${bo.name}/base/sync_fork/side`, as(bo));
    expect(info.body).toMatchObject({ allowed: true, commits_behind: 1 });
    expect((await server.request(`/repos/${bo.name}/base/sync_fork/side`, { ...as(bo), method: 'POST' })).status).toBe(204);
    expect(await tip(bo, 'base', 'side')).toBe(await tip(ada, 'base', 'side'));
    expect((await server.request(`/repos/${bo.name}/base/sync_fork/nope`, as(bo))).status).toBe(404);
  });

  it('refuses a diverged branch and leaves it as it was', async () => {
    await commitFile(bo, 'base', 'mine.txt');
    await commitFile(ada, 'base', 'theirs.txt');
    const forkTip = await tip(bo, 'base');
    const info = await server.request(`/repos/${bo.name}/base/sync_fork`, as(bo));
    expect(info.body).toMatchObject({ allowed: false, commits_behind: 0, fork_commit: forkTip });
    const refused = await server.request(`/repos/${bo.name}/base/sync_fork`, { ...as(bo), method: 'POST' });
    expect([refused.status, refused.body.message]).toEqual([400, "You can't sync this branch"]);
    expect(await tip(bo, 'base')).toBe(forkTip);
  });

  it('answers 400 for a repository that is no fork, 403 to readers and 404 to those who cannot see it', async () => {
    const notFork = await server.request(`/repos/${ada.name}/base/sync_fork`, as(ada));
    expect([notFork.status, notFork.body.message]).toEqual([400, 'The Repo must be a fork']);
    expect((await server.request(`/repos/${bo.name}/base/sync_fork`, as(cy))).status).toBe(403);
    expect((await server.request(`/repos/${bo.name}/base/sync_fork`, { ...as(cy), method: 'POST' })).status).toBe(403);
    expect((await server.request(`/repos/${bo.name}/base/sync_fork`)).status).toBe(401);
  });
});
