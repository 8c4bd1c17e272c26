import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestUser, TestUser } from '../support/fixtures';
import { credentialUrl, GitClient } from '../support/git-client';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(60_000);

/**
 * Issue 13, forks: `POST /repos/{owner}/{repo}/forks` and `GET …/forks` as a
 * client uses them, with the real git client, and the fork's bytes charged
 * to its owner (equal to a recount).
 */
describe('forks', () => {
  let server: TestServer;
  let git: GitClient;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let parentHead: string;

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    alice = await createTestUser(server, { name: 'alice' });
    bob = await createTestUser(server, { name: 'bob' });
    carol = await createTestUser(server, { name: 'carol' });
    expect((await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name: 'proj', auto_init: true } })).status).toBe(
      201,
    );
    parentHead = await pushFiles('alice/proj', alice, { 'data.txt': randomBytes(30_000).toString('hex') });
  });
  afterAll(async () => {
    await server?.close();
    git?.remove();
  });

  function as(user: TestUser) {
    return { auth: { token: user.token } };
  }
  const url = (path: string, user: TestUser) => credentialUrl(server.url, `${path}.git`, user.name, user.token);
  const fork = (path: string, user: TestUser, body: object = {}) =>
    server.request(`/repos/${path}/forks`, { method: 'POST', ...as(user), body });
  const used = async (user: TestUser) => (await server.request('/user/quota', as(user))).body.used.size;
  const expectLedgerEqualsRecount = async () => expect(await server.db.quotaRecount.differences()).toEqual([]);

  /** Clones `path`, commits `files` on main, pushes; answers the new head. */
  async function pushFiles(path: string, user: TestUser, files: Record<string, string>): Promise<string> {
    const work = git.folder('work');
    await git.ok(['clone', '--quiet', url(path, user), '.'], work);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(work, name), content);
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'more'], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);
    return (await git.ok(['rev-parse', 'HEAD'], work)).trim();
  }

  async function headOfClone(path: string, user: TestUser): Promise<string> {
    const work = git.folder('clone');
    await git.ok(['clone', '--quiet', url(path, user), '.'], work);
    return (await git.ok(['rev-parse', 'HEAD'], work)).trim();
  }

  it('forks into the caller’s account: 202 with fork and parent, same history, the size counted for the fork’s owner', async () => {
    const before = await used(bob);
    const res = await fork('alice/proj', bob);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ full_name: 'bob/proj', fork: true, private: false, empty: false, default_branch: 'main' });
    expect(res.body.parent).toMatchObject({ full_name: 'alice/proj', fork: false, forks_count: 1 });

    expect(await headOfClone('bob/proj', bob)).toBe(parentHead);
    const row = (await server.db.repositories.findByOwnerAndName(bob.user.id, 'proj'))!;
    expect(row.gitSize).toBeGreaterThan(30_000);
    expect((await used(bob)).repos.public).toBe(before.repos.public + row.gitSize);
    await expectLedgerEqualsRecount();

    const got = await server.request('/repos/bob/proj', as(carol));
    expect(got.body).toMatchObject({ fork: true, parent: { full_name: 'alice/proj' } });
    expect((await server.request('/repos/alice/proj')).body.forks_count).toBe(1);
    const list = await server.request('/repos/alice/proj/forks');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('1');
    expect(list.body.map((r: { full_name: string }) => r.full_name)).toEqual(['bob/proj']);
    const mine = await server.request('/user/repos', as(bob));
    expect(mine.body.find((r: { full_name: string }) => r.full_name === 'bob/proj')).toMatchObject({
      fork: true,
      parent: { full_name: 'alice/proj' },
    });
  });

  it('a push to the fork changes the fork only', async () => {
    const head = await pushFiles('bob/proj', bob, { 'bob.txt': 'mine\n' });
    expect(await headOfClone('bob/proj', bob)).toBe(head);
    expect(await headOfClone('alice/proj', alice)).toBe(parentHead);
    await expectLedgerEqualsRecount();
  });

  it('refuses a second fork by the same owner and a taken name with 409; another name works', async () => {
    expect((await fork('alice/proj', bob, { name: 'again' })).status).toBe(409);
    expect((await server.request('/user/repos', { method: 'POST', ...as(carol), body: { name: 'proj' } })).status).toBe(201);
    const taken = await fork('alice/proj', carol);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('carol/proj');
    expect((await server.request('/repos/carol/proj')).body.fork).toBe(false);
    const named = await fork('alice/proj', carol, { name: 'proj-fork' });
    expect(named.status).toBe(202);
    expect(named.body.full_name).toBe('carol/proj-fork');
    expect((await server.request('/repos/alice/proj')).body.forks_count).toBe(2);
    const dave = await createTestUser(server);
    expect((await fork('alice/proj', dave, { name: 'bad/name' })).status).toBe(422);
    expect((await fork('alice/proj', dave, { name: 'x.git' })).status).toBe(422);
  });

  it('forks into an organization the caller may create repositories in; 403 for others, 422 for no organization', async () => {
    expect((await server.request('/orgs', { method: 'POST', ...as(bob), body: { username: 'bobs-org' } })).status).toBe(201);
    const before = (await server.request('/orgs/bobs-org/quota', as(bob))).body.used.size.repos.public;
    const res = await fork('alice/proj', bob, { organization: 'bobs-org' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ full_name: 'bobs-org/proj', fork: true, parent: { full_name: 'alice/proj' } });
    const row = (await server.db.repositories.findById(res.body.id))!;
    expect((await server.request('/orgs/bobs-org/quota', as(bob))).body.used.size.repos.public).toBe(before + row.gitSize);
    expect((await fork('alice/proj', carol, { organization: 'bobs-org', name: 'x' })).status).toBe(403);
    expect((await fork('alice/proj', carol, { organization: 'no-such-org' })).status).toBe(422);
    await expectLedgerEqualsRecount();
  });

  it('hides a private repository from strangers (404) and keeps its fork private', async () => {
    expect(
      (await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name: 'secret', private: true, auto_init: true } }))
        .status,
    ).toBe(201);
    expect((await fork('alice/secret', carol)).status).toBe(404);
    expect((await server.request('/repos/alice/secret/forks', as(carol))).status).toBe(404);
    expect(
      (await server.request('/repos/alice/secret/collaborators/bob', { method: 'PUT', ...as(alice), body: { permission: 'read' } })).status,
    ).toBe(204);
    const res = await fork('alice/secret', bob);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ full_name: 'bob/secret', private: true, fork: true });
    expect((await server.request('/repos/bob/secret', as(carol))).status).toBe(404);
    const row = (await server.db.repositories.findById(res.body.id))!;
    expect(row.gitSize).toBeGreaterThan(0);
    await expectLedgerEqualsRecount();
  });

  it('shares the parent’s LFS objects with the fork, counted for the fork’s owner', async () => {
    expect((await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name: 'media', auto_init: true } })).status).toBe(
      201,
    );
    const media = (await server.db.repositories.findByOwnerAndName(alice.user.id, 'media'))!;
    await server.db.lfs.reference(media.id, 'a'.repeat(64), 5000);
    await server.db.lfs.reference(media.id, 'b'.repeat(64), 700);
    const before = (await used(carol)).git.LFS;
    const res = await fork('alice/media', carol);
    expect(res.status).toBe(202);
    expect((await server.db.repositories.findById(res.body.id))!.lfsSize).toBe(5700);
    expect((await used(carol)).git.LFS).toBe(before + 5700);
    expect(await server.db.lfs.findInRepository(res.body.id, 'b'.repeat(64))).not.toBeNull();
    await expectLedgerEqualsRecount();
  });

  it('a fork keeps working when its parent is deleted: no parent, no longer a fork, clone works', async () => {
    expect((await fork('alice/media', bob)).status).toBe(202);
    expect((await server.request('/repos/alice/media', { method: 'DELETE', ...as(alice) })).status).toBe(204);
    const got = await server.request('/repos/bob/media', as(bob));
    expect(got.status).toBe(200);
    expect(got.body.fork).toBe(false);
    expect(got.body.parent).toBeUndefined();
    expect((await headOfClone('bob/media', bob)).length).toBe(40);
    // Deleting a fork gives its parent's count back.
    expect((await server.request('/repos/carol/proj-fork', { method: 'DELETE', ...as(carol) })).status).toBe(204);
    expect((await server.request('/repos/alice/proj')).body.forks_count).toBe(2);
    await expectLedgerEqualsRecount();
  });
});
