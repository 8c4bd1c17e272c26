import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestUser, TestUser } from '../support/fixtures';
import { credentialUrl, GitClient } from '../support/git-client';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(60_000);

/**
 * Issue 13: a pull request from a fork into its parent (head `owner:branch`),
 * kept current on pushes to the fork, merged with the real git client
 * checking the result; the head's objects fetched into the parent count for
 * the parent's owner, equal to a recount.
 */
describe('pull requests from forks', () => {
  let server: TestServer;
  let git: GitClient;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let work: string;

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    alice = await createTestUser(server, { name: 'alice' });
    bob = await createTestUser(server, { name: 'bob' });
    carol = await createTestUser(server, { name: 'carol' });
    expect((await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name: 'app', auto_init: true } })).status).toBe(
      201,
    );
    expect((await server.request('/repos/alice/app/forks', { method: 'POST', ...as(bob) })).status).toBe(202);
    work = git.folder('bob');
    await git.ok(['clone', '--quiet', url('bob/app', bob), '.'], work);
    await git.ok(['checkout', '--quiet', '-b', 'feature'], work);
  });
  afterAll(async () => {
    await server?.close();
    git?.remove();
  });

  function as(user: TestUser) {
    return { auth: { token: user.token } };
  }
  const url = (path: string, user: TestUser) => credentialUrl(server.url, `${path}.git`, user.name, user.token);
  const expectLedgerEqualsRecount = async () => expect(await server.db.quotaRecount.differences()).toEqual([]);
  const openPull = (user: TestUser, head: string) =>
    server.request('/repos/alice/app/pulls', { method: 'POST', ...as(user), body: { head, base: 'main', title: `from ${head}` } });

  /** Commits `name` on bob's feature branch and pushes it to the fork; answers the new tip. */
  async function pushToFork(name: string, content: string): Promise<string> {
    writeFileSync(join(work, name), content);
    await git.ok(['add', name], work);
    await git.ok(['commit', '--quiet', '-m', `add ${name}`], work);
    await git.ok(['push', '--quiet', 'origin', 'feature'], work);
    return (await git.ok(['rev-parse', 'HEAD'], work)).trim();
  }

  it('opens a pull request from the fork’s branch, its head fetched into the parent and counted for the parent’s owner', async () => {
    const tip = await pushToFork('bob.txt', 'from bob\n'.repeat(2000));
    const before = (await server.db.repositories.findByOwnerAndName(alice.user.id, 'app'))!.gitSize;
    const res = await openPull(bob, 'bob:feature');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ number: 1, mergeable: true, head: { ref: 'feature', sha: tip }, base: { ref: 'main' } });
    expect((await server.db.repositories.findByOwnerAndName(alice.user.id, 'app'))!.gitSize).toBeGreaterThan(before);
    await expectLedgerEqualsRecount();
    const files = await server.request('/repos/alice/app/pulls/1/files', as(alice));
    expect(files.body.map((f: { filename: string }) => f.filename)).toEqual(['bob.txt']);
    expect((await openPull(bob, 'bob:feature')).status).toBe(409);
  });

  it('follows a push to the fork', async () => {
    const tip = await pushToFork('more.txt', 'more\n');
    const res = await server.request('/repos/alice/app/pulls/1', as(alice));
    expect(res.body.head.sha).toBe(tip);
    const commits = await server.request('/repos/alice/app/pulls/1/commits', as(alice));
    expect(commits.body).toHaveLength(2);
    await expectLedgerEqualsRecount();
  });

  it('refuses a head that is no fork of the base, or a branch the fork lacks, with 422', async () => {
    expect((await server.request('/user/repos', { method: 'POST', ...as(carol), body: { name: 'app', auto_init: true } })).status).toBe(
      201,
    );
    expect((await openPull(carol, 'carol:main')).status).toBe(422);
    expect((await openPull(bob, 'bob:no-such-branch')).status).toBe(422);
    expect((await openPull(bob, 'nobody-at-all:main')).status).toBe(422);
  });

  it('merges it: the parent’s main then holds the fork’s commits', async () => {
    const merged = await server.request('/repos/alice/app/pulls/1/merge', { method: 'POST', ...as(alice), body: { Do: 'merge' } });
    expect(merged.status).toBe(200);
    expect((await server.request('/repos/alice/app/pulls/1', as(alice))).body.merged).toBe(true);
    const clone = git.folder('alice');
    await git.ok(['clone', '--quiet', url('alice/app', alice), '.'], clone);
    expect((await git.ok(['ls-files'], clone)).split('\n')).toEqual(expect.arrayContaining(['bob.txt', 'more.txt']));
    await expectLedgerEqualsRecount();
  });
});
