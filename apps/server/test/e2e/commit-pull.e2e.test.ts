import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { startTestServer, TestServer } from '../support/test-server';

/** The pull request of a commit: found by the commit it was merged as, as Forgejo finds it; 404 otherwise and for those who may not see it. */
describe('pull request of a commit', () => {
  let server: TestServer;
  let ada: TestUser;
  let bo: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });

  /** A repository with a pull request from `feature`, merged with `style`; returns its number and merge commit. */
  async function mergedPull(repo: string, style: string, isPrivate = false): Promise<{ index: number; merged: string; head: string }> {
    expect(
      (await server.request('/user/repos', { ...as(ada), method: 'POST', body: { name: repo, auto_init: true, private: isPrivate } }))
        .status,
    ).toBe(201);
    const file = await server.request(`/repos/${ada.name}/${repo}/contents/feature.txt`, {
      ...as(ada),
      method: 'POST',
      body: { content: Buffer.from('feature\n').toString('base64'), branch: 'main', new_branch: 'feature', message: 'add feature' },
    });
    expect(file.status).toBe(201);
    const pull = await server.request(`/repos/${ada.name}/${repo}/pulls`, {
      ...as(ada),
      method: 'POST',
      body: { title: 'Feature', head: 'feature', base: 'main' },
    });
    expect(pull.status).toBe(201);
    const merge = await server.request(`/repos/${ada.name}/${repo}/pulls/${pull.body.number}/merge`, {
      ...as(ada),
      method: 'POST',
      body: { Do: style },
    });
    expect(merge.status).toBe(200);
    const merged = (await server.request(`/repos/${ada.name}/${repo}/pulls/${pull.body.number}`, as(ada))).body;
    return { index: pull.body.number, merged: merged.merge_commit_sha, head: file.body.commit.sha };
  }

  beforeAll(async () => {
    server = await startTestServer();
    ada = await createTestUser(server);
    bo = await createTestUser(server);
  });
  afterAll(async () => server?.close());

  it('finds the pull request by its merge commit, full or short', async () => {
    const { index, merged } = await mergedPull('merged', 'merge');
    const found = await server.request(`/repos/${ada.name}/merged/commits/${merged}/pull`);
    expect(found.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/commits/{sha}/pull', 200, found.body);
    expect([found.body.number, found.body.merged, found.body.merge_commit_sha]).toEqual([index, true, merged]);
    expect((await server.request(`/repos/${ada.name}/merged/commits/${merged.slice(0, 10)}/pull`)).body.number).toBe(index);
  });

  it('finds a squashed pull request by the squash commit, and answers 404 for other commits', async () => {
    const { index, merged, head } = await mergedPull('squashed', 'squash');
    expect((await server.request(`/repos/${ada.name}/squashed/commits/${merged}/pull`)).body.number).toBe(index);
    expect((await server.request(`/repos/${ada.name}/squashed/commits/${head}/pull`)).status).toBe(404);
    expect((await server.request(`/repos/${ada.name}/squashed/commits/${'0'.repeat(40)}/pull`)).status).toBe(404);
  });

  it('keeps a private repository’s pull requests invisible', async () => {
    const { merged } = await mergedPull('secret', 'merge', true);
    expect((await server.request(`/repos/${ada.name}/secret/commits/${merged}/pull`, as(bo))).status).toBe(404);
    expect((await server.request(`/repos/${ada.name}/secret/commits/${merged}/pull`)).status).toBe(404);
    expect((await server.request(`/repos/${ada.name}/secret/commits/${merged}/pull`, as(ada))).status).toBe(200);
  });
});
