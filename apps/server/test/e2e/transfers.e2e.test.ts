import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitRepositories, measureSize } from '@bellows/git';
import { RepositoryTransfers } from '../../src/modules/repositories/repository-transfers.service';
import { RepositoryService } from '../../src/modules/repositories/repository.service';
import { createTestUser, TestUser } from '../support/fixtures';
import { credentialUrl, GitClient } from '../support/git-client';
import { ApiClient, attachToIssue, attachToRelease, createIssue, createRelease, uploadLfsObject } from '../support/sized-uploads';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(60_000);

/**
 * Issue 13, transfers: `POST /repos/{owner}/{repo}/transfer` and its
 * accept/reject, as Forgejo answers them. Every byte the quota counts for the
 * repository (git, LFS, issue and release attachments) leaves one owner and
 * joins the other in the same transaction: both owners' figures are read
 * before and after, and equal a recount.
 */
describe('repository transfers', () => {
  let server: TestServer;
  let git: GitClient;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    alice = await createTestUser(server, { name: 'alice' });
    bob = await createTestUser(server, { name: 'bob' });
    carol = await createTestUser(server, { name: 'carol' });
    expect((await server.request('/orgs', { method: 'POST', ...as(alice), body: { username: 'acme' } })).status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
    git?.remove();
  });

  function as(user: TestUser) {
    return { auth: { token: user.token } };
  }
  const client = (user: TestUser): ApiClient => ({ url: server.url, token: user.token, owner: user.name });
  const url = (path: string, user: TestUser) => credentialUrl(server.url, `${path}.git`, user.name, user.token);
  const transfer = (path: string, user: TestUser, body: object) =>
    server.request(`/repos/${path}/transfer`, { method: 'POST', ...as(user), body });
  const answer = (path: string, user: TestUser, verb: 'accept' | 'reject') =>
    server.request(`/repos/${path}/transfer/${verb}`, { method: 'POST', ...as(user) });
  const expectLedgerEqualsRecount = async () => expect(await server.db.quotaRecount.differences()).toEqual([]);

  /** An owner's figures as `/user/quota` (or `/orgs/{org}/quota`) shows them. */
  async function usage(user: TestUser, org?: string) {
    const res = await server.request(org ? `/orgs/${org}/quota` : '/user/quota', as(user));
    expect(res.status).toBe(200);
    const size = res.body.used.size;
    return {
      private: size.repos.private,
      public: size.repos.public,
      lfs: size.git.LFS,
      issues: size.assets.attachments.issues,
      releases: size.assets.attachments.releases,
    };
  }

  /** A private repository of alice's with pushed content, an LFS object, an issue and a release attachment. */
  async function fullRepository(name: string): Promise<{ head: string; git: number; lfs: number }> {
    expect(
      (await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name, private: true, auto_init: true } })).status,
    ).toBe(201);
    const work = git.folder('work');
    await git.ok(['clone', '--quiet', url(`alice/${name}`, alice), '.'], work);
    writeFileSync(join(work, 'data.txt'), randomBytes(20_000).toString('hex'));
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'data'], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);
    await uploadLfsObject(client(alice), name, randomBytes(3000));
    await attachToIssue(client(alice), name, await createIssue(client(alice), name), randomBytes(1100));
    await attachToRelease(client(alice), name, await createRelease(client(alice), name, 'v1'), randomBytes(900));
    const row = (await server.db.repositories.findByOwnerAndName(alice.user.id, name))!;
    return { head: (await git.ok(['rev-parse', 'HEAD'], work)).trim(), git: row.gitSize, lfs: row.lfsSize };
  }

  async function headOfClone(path: string, user: TestUser): Promise<string> {
    const work = git.folder('clone');
    await git.ok(['clone', '--quiet', url(path, user), '.'], work);
    return (await git.ok(['rev-parse', 'HEAD'], work)).trim();
  }

  it('to a user: pending until accepted (201), reject moves nothing, accept moves every counted byte (202)', async () => {
    const repo = await fullRepository('tool');
    const aliceBefore = await usage(alice);
    const bobBefore = await usage(bob);

    const started = await transfer('alice/tool', alice, { new_owner: 'bob' });
    expect(started.status).toBe(201);
    expect(started.body.full_name).toBe('alice/tool');
    expect((await transfer('alice/tool', alice, { new_owner: 'carol' })).status).toBe(409);
    // The recipient may read the repository meanwhile; a stranger may not even see it.
    expect((await server.request('/repos/alice/tool', as(bob))).status).toBe(200);
    expect((await answer('alice/tool', carol, 'accept')).status).toBe(404);

    const rejected = await answer('alice/tool', bob, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body.full_name).toBe('alice/tool');
    expect(await usage(alice)).toEqual(aliceBefore);
    expect(await usage(bob)).toEqual(bobBefore);
    expect((await answer('alice/tool', bob, 'accept')).status).toBe(404);
    await expectLedgerEqualsRecount();

    expect((await transfer('alice/tool', alice, { new_owner: 'bob' })).status).toBe(201);
    const accepted = await answer('alice/tool', bob, 'accept');
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ full_name: 'bob/tool', private: true, owner: { login: 'bob' } });

    const moved = { private: repo.git, public: 0, lfs: repo.lfs, issues: 1100, releases: 900 };
    const minus = (a: typeof moved, b: typeof moved) =>
      Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - b[k as keyof typeof b]]));
    expect(minus(aliceBefore, await usage(alice))).toEqual(moved);
    expect(minus(await usage(bob), bobBefore)).toEqual(moved);
    await expectLedgerEqualsRecount();

    expect(await headOfClone('bob/tool', bob)).toBe(repo.head);
    expect((await server.request('/repos/alice/tool', as(alice))).status).toBe(404);
    expect((await git.run(['clone', url('alice/tool', alice), '.'], git.folder('old'))).code).not.toBe(0);
    expect((await server.request('/repos/bob/tool/issues/1/assets', as(bob))).body).toHaveLength(1);
  });

  it('to an organization the caller owns: at once (202), usage moved, teams added', async () => {
    const repo = await fullRepository('lib');
    const teams = await server.request('/orgs/acme/teams', { method: 'POST', ...as(alice), body: { name: 'readers', permission: 'read' } });
    expect(teams.status).toBe(201);
    expect((await server.request(`/teams/${teams.body.id}/members/carol`, { method: 'PUT', ...as(alice) })).status).toBe(204);
    const aliceBefore = await usage(alice);
    const acmeBefore = await usage(alice, 'acme');

    const res = await transfer('alice/lib', alice, { new_owner: 'acme', team_ids: [teams.body.id] });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ full_name: 'acme/lib', owner: { login: 'acme' } });
    expect((await usage(alice)).private).toBe(aliceBefore.private - repo.git);
    expect((await usage(alice, 'acme')).private).toBe(acmeBefore.private + repo.git);
    expect((await usage(alice, 'acme')).lfs).toBe(acmeBefore.lfs + repo.lfs);
    await expectLedgerEqualsRecount();
    expect(await headOfClone('acme/lib', carol)).toBe(repo.head);
    expect((await server.request('/repos/alice/lib', as(alice))).status).toBe(404);
  });

  it('refuses what Forgejo refuses, and a refused transfer changes nothing', async () => {
    expect((await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name: 'kept' } })).status).toBe(201);
    expect((await server.request('/user/repos', { method: 'POST', ...as(bob), body: { name: 'kept' } })).status).toBe(201);
    expect(
      (await server.request('/repos/alice/kept/collaborators/carol', { method: 'PUT', ...as(alice), body: { permission: 'admin' } }))
        .status,
    ).toBe(204);
    expect((await transfer('alice/kept', carol, { new_owner: 'carol' })).status).toBe(403);
    expect((await transfer('alice/kept', alice, { new_owner: 'nobody-here' })).status).toBe(404);
    expect((await transfer('alice/kept', alice, { new_owner: 'bob' })).status).toBe(422);
    expect((await transfer('alice/kept', alice, { new_owner: 'carol', team_ids: [1] })).status).toBe(422);
    expect((await transfer('alice/kept', alice, {})).status).toBe(422);
    expect((await server.request('/repos/alice/kept/transfer/accept', { method: 'POST', ...as(carol) })).status).toBe(404);
    expect((await server.request('/repos/alice/kept', as(alice))).body.full_name).toBe('alice/kept');
    await expectLedgerEqualsRecount();
  });

  it('a crash after the ownership changed and before the folder moved is finished at the next start', async () => {
    expect((await server.request('/user/repos', { method: 'POST', ...as(alice), body: { name: 'crashy', auto_init: true } })).status).toBe(
      201,
    );
    const row = (await server.db.repositories.findByOwnerAndName(alice.user.id, 'crashy'))!;
    const head = await headOfClone('alice/crashy', alice);
    // The transaction of a transfer, committed; the process dies before renaming the folder.
    await server.db.repositoryTransfers.changeOwner(
      { repoId: row.id, doerId: alice.user.id, recipientId: bob.user.id, teamIds: [] },
      'alice',
    );
    const paths = server.app.get(RepositoryTransfers, { strict: false });
    expect(existsSync(join(server.config.repository.root, 'bob', 'crashy.git'))).toBe(false);

    await paths.onApplicationBootstrap();
    expect(existsSync(join(server.config.repository.root, 'bob', 'crashy.git'))).toBe(true);
    expect(existsSync(join(server.config.repository.root, 'alice', 'crashy.git'))).toBe(false);
    expect(await server.db.repositoryTransfers.unfinishedMoves()).toEqual([]);
    expect(await headOfClone('bob/crashy', bob)).toBe(head);
    await expectLedgerEqualsRecount();
  });

  it('bug: a push recorded with the owner it had before a transfer stored git size 0; it measures the repository where it is now', async () => {
    const repo = await fullRepository('moving');
    const before = (await server.db.repositories.findByOwnerAndName(alice.user.id, 'moving'))!;
    expect((await transfer('alice/moving', alice, { new_owner: 'acme' })).status).toBe(202);
    // A push that began before the transfer finishes now, and records its size with what it resolved then.
    await server.app.get(RepositoryService).refreshGitSize(before, alice.user);
    const row = (await server.db.repositories.findById(before.id))!;
    expect(row.gitSize).toBe(repo.git);
    expect(row.gitSize).toBe(await measureSize(server.app.get(GitRepositories, { strict: false }).pathFor('acme', 'moving')));
    await expectLedgerEqualsRecount();
  });
});
