import { writeFile } from 'node:fs/promises';
import { GitRepositories, measureSize } from '@bellows/git';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { expectForgejoShape } from '../support/forgejo-schema';
import { credentialUrl, GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

/**
 * Merging pull requests (issue 13): each merge style, checked in a fresh
 * clone as a user would (parents, files, messages, authors); conflicts,
 * a moved head, callers who may not merge, privacy; and the repository's
 * git size, stored and in the ledger, equal to a recount after merges.
 */
describe('pull request merges', () => {
  let server: TestServer;
  let git: GitClient;
  let owner: TestUser;
  let stranger: TestUser;
  const as = (user: TestUser) => ({ auth: { token: user.token } });
  const bareOf = (repo: RepositoryEntity) => server.app.get(GitRepositories, { strict: false }).pathFor(owner.name, repo.name);

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    owner = await createTestUser(server);
    stranger = await createTestUser(server);
  }, 60_000);

  afterAll(async () => {
    git?.remove();
    await server?.close();
  });

  /** A working copy of the repository, with a helper that writes files and commits them. */
  async function workingCopy(repo: RepositoryEntity) {
    const work = git.folder('work');
    await git.ok(['clone', '--quiet', bareOf(repo), '.'], work);
    const commit = async (files: Record<string, string>, message: string) => {
      for (const [name, content] of Object.entries(files)) await writeFile(`${work}/${name}`, content);
      await git.ok(['add', '-A'], work);
      await git.ok(['commit', '--quiet', '-m', message], work);
    };
    const out = async (args: string[]) => (await git.ok(args, work)).trim();
    return { work, commit, out };
  }

  /**
   * main: shared.txt; then main gains main.txt while `feature` (from the first
   * commit) adds f1.txt then f2.txt, so the branches have diverged. With
   * `conflict`, both also change shared.txt differently.
   */
  async function diverged(options: { conflict?: boolean; isPrivate?: boolean; diverge?: boolean } = {}) {
    const repo = await createTestRepository(server, owner.user, { isPrivate: options.isPrivate });
    const copy = await workingCopy(repo);
    await copy.commit({ 'shared.txt': 'one\ntwo\nthree\n' }, 'start');
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], copy.work);
    await git.ok(['checkout', '--quiet', '-b', 'feature'], copy.work);
    await copy.commit({ 'f1.txt': 'f1\n', ...(options.conflict ? { 'shared.txt': 'one\nTWO (feature)\nthree\n' } : {}) }, 'feature one');
    await copy.commit({ 'f2.txt': 'f2\n' }, 'feature two');
    await git.ok(['push', '--quiet', 'origin', 'feature'], copy.work);
    if (options.diverge !== false) {
      await git.ok(['checkout', '--quiet', 'main'], copy.work);
      await copy.commit(
        { 'main.txt': 'main\n', ...(options.conflict ? { 'shared.txt': 'one\ntwo (main)\nthree\n' } : {}) },
        'main moves on',
      );
      await git.ok(['push', '--quiet', 'origin', 'main'], copy.work);
    }
    const base = `/repos/${owner.name}/${repo.name}/pulls`;
    const opened = await server.request(base, {
      ...as(owner),
      method: 'POST',
      body: { head: 'feature', base: 'main', title: 'Add features' },
    });
    expect(opened.status).toBe(201);
    const tip = (branch: string) => git.ok(['rev-parse', `refs/heads/${branch}`], bareOf(repo)).then((sha) => sha.trim());
    return { repo, copy, base, pull: opened.body, mainBefore: await tip('main'), headSha: await tip('feature'), tip };
  }

  /** A fresh clone's view of main: `%P|%an <%ae>|%cn <%ce>|%s` per commit, newest first, and its files. */
  async function mainAsCloned(repo: RepositoryEntity) {
    const copy = await workingCopy(repo);
    const log = await copy.out(['log', '--format=%H|%P|%an <%ae>|%cn <%ce>|%s', 'origin/main']);
    const files = (await copy.out(['ls-tree', '--name-only', 'origin/main'])).split('\n');
    return { commits: log.split('\n').map((line) => line.split('|')), files };
  }

  const merge = (base: string, index: number, body: object, user = owner) =>
    server.request(`${base}/${index}/merge`, { ...as(user), method: 'POST', body });
  const me = () => `${owner.name} <${owner.name.toLowerCase()}@example.com>`;

  it('merge: a merge commit with the old base and the head as parents, the default message, the merger as committer', async () => {
    const s = await diverged();
    const res = await merge(s.base, s.pull.number, { Do: 'merge' });
    expect(res.status).toBe(200);
    const { commits, files } = await mainAsCloned(s.repo);
    const [sha, parents, author, committer, subject] = commits[0];
    expect(parents.split(' ')).toEqual([s.mainBefore, s.headSha]);
    expect([author, committer]).toEqual([me(), me()]);
    expect(subject).toBe(`Merge pull request 'Add features' (#${s.pull.number}) from feature into main`);
    expect(files).toEqual(['f1.txt', 'f2.txt', 'main.txt', 'shared.txt']);

    const pull = await server.request(`${s.base}/${s.pull.number}`, as(stranger));
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{index}', 200, pull.body);
    expect(pull.body).toMatchObject({
      merged: true,
      state: 'closed',
      merge_commit_sha: sha,
      merged_by: { login: owner.name },
      mergeable: false,
    });
    expect(Date.parse(pull.body.merged_at)).toBeGreaterThan(0);
    expect((await server.request(`${s.base}/${s.pull.number}/merge`, as(stranger))).status).toBe(204);
    const again = await merge(s.base, s.pull.number, { Do: 'merge' });
    expect(again.status).toBe(405);
    expect(await s.tip('main')).toBe(sha);

    const timeline = await server.request(`/repos/${owner.name}/${s.repo.name}/issues/${s.pull.number}/timeline`, as(owner));
    expect(timeline.status).toBe(200);
    expect(timeline.body.map((event: { type: string }) => event.type)).toContain('merge_pull');
  });

  it('rebase: the head commits replayed on the base, authors and messages kept, no merge commit', async () => {
    const s = await diverged();
    expect((await merge(s.base, s.pull.number, { Do: 'rebase' })).status).toBe(200);
    const { commits, files } = await mainAsCloned(s.repo);
    expect(commits.map((c) => c[4])).toEqual(['feature two', 'feature one', 'main moves on', 'start']);
    expect(commits.every((c) => c[1].split(' ').filter(Boolean).length <= 1)).toBe(true);
    expect(commits[1][1]).toBe(s.mainBefore);
    expect(commits[0][2]).toBe('Test User <test@example.com>');
    expect(commits[0][3]).toBe(me());
    expect(files).toEqual(['f1.txt', 'f2.txt', 'main.txt', 'shared.txt']);
  });

  it('rebase-merge: the replayed commits, then a merge commit over them', async () => {
    const s = await diverged();
    expect((await merge(s.base, s.pull.number, { Do: 'rebase-merge', MergeTitleField: 'Bring features in' })).status).toBe(200);
    const { commits } = await mainAsCloned(s.repo);
    const [, parents, , , subject] = commits[0];
    const [first, second] = parents.split(' ');
    expect(first).toBe(s.mainBefore);
    expect(second).not.toBe(s.headSha);
    expect(subject).toBe('Bring features in');
    const copy = await workingCopy(s.repo);
    expect(await copy.out(['log', '--format=%s', `${s.mainBefore}..${second}`])).toBe('feature two\nfeature one');
    expect(await copy.out(['rev-list', '--count', '--merges', `${s.mainBefore}..${second}`])).toBe('0');
  });

  it('squash: one commit with the old base as only parent, the poster as author, the given message', async () => {
    const s = await diverged();
    const res = await merge(s.base, s.pull.number, { Do: 'squash', MergeMessageField: 'All of it at once.' });
    expect(res.status).toBe(200);
    const { commits, files } = await mainAsCloned(s.repo);
    const [sha, parents, author, committer, subject] = commits[0];
    expect(parents).toBe(s.mainBefore);
    expect([author, committer, subject]).toEqual([me(), me(), `Add features (#${s.pull.number})`]);
    expect(files).toEqual(['f1.txt', 'f2.txt', 'main.txt', 'shared.txt']);
    const copy = await workingCopy(s.repo);
    expect(await copy.out(['log', '-1', '--format=%b', sha])).toBe('All of it at once.');
  });

  it('fast-forward-only: refused (405, nothing changed) when the base moved on; otherwise the base becomes the head', async () => {
    const s = await diverged();
    expect((await merge(s.base, s.pull.number, { Do: 'fast-forward-only' })).status).toBe(405);
    expect(await s.tip('main')).toBe(s.mainBefore);
    const ahead = await diverged({ diverge: false });
    expect((await merge(ahead.base, ahead.pull.number, { Do: 'fast-forward-only', delete_branch_after_merge: true })).status).toBe(200);
    expect(await ahead.tip('main')).toBe(ahead.headSha);
    const branch = await git.run(['rev-parse', '--verify', 'refs/heads/feature'], bareOf(ahead.repo));
    expect(branch.code).not.toBe(0);
  });

  it('manually-merged: a wrong commit id is a 409; a commit of the base containing the head marks it merged', async () => {
    const s = await diverged();
    expect((await merge(s.base, s.pull.number, { Do: 'manually-merged', MergeCommitID: s.mainBefore })).status).toBe(409);
    await git.ok(['merge', '--quiet', '--no-edit', 'origin/feature'], s.copy.work);
    await git.ok(['push', '--quiet', 'origin', 'main'], s.copy.work);
    const merged = await s.tip('main');
    expect((await merge(s.base, s.pull.number, { Do: 'manually-merged', MergeCommitID: merged })).status).toBe(200);
    const pull = await server.request(`${s.base}/${s.pull.number}`, as(owner));
    expect(pull.body).toMatchObject({ merged: true, merge_commit_sha: merged, state: 'closed' });
  });

  it('a conflicting pull request is not mergeable; merging it is refused and changes nothing', async () => {
    const s = await diverged({ conflict: true });
    expect(s.pull.mergeable).toBe(false);
    const sizeBefore = await measureSize(bareOf(s.repo));
    for (const Do of ['merge', 'squash', 'rebase']) {
      const res = await merge(s.base, s.pull.number, { Do });
      expect([res.status, res.body.message]).toEqual([405, expect.stringContaining('shared.txt')]);
    }
    expect(await s.tip('main')).toBe(s.mainBefore);
    expect(await measureSize(bareOf(s.repo))).toBe(sizeBefore);
    const pull = await server.request(`${s.base}/${s.pull.number}`, as(owner));
    expect(pull.body).toMatchObject({ merged: false, state: 'open', mergeable: false });
    expect((await server.request(`${s.base}/${s.pull.number}/merge`, as(owner))).status).toBe(404);
  });

  it('mergeable follows the branches: a push that resolves the conflict makes it mergeable', async () => {
    const s = await diverged({ conflict: true });
    await git.ok(['checkout', '--quiet', 'feature'], s.copy.work);
    await git.ok(['merge', '--quiet', '-X', 'theirs', '--no-edit', 'origin/main'], s.copy.work).catch(() => undefined);
    await git.ok(['push', '--quiet', 'origin', 'feature'], s.copy.work);
    const pull = await server.request(`${s.base}/${s.pull.number}`, as(owner));
    expect(pull.body.mergeable).toBe(true);
    expect(pull.body.head.sha).toBe(await s.tip('feature'));
  });

  it('keeps refs/pull/{index}/head on the head branch (set when opened, moved by a push) and puts each push in the timeline', async () => {
    const s = await diverged();
    const pullRef = () => git.ok(['rev-parse', `refs/pull/${s.pull.number}/head`], bareOf(s.repo)).then((sha) => sha.trim());
    expect(await pullRef()).toBe(s.headSha);
    await git.ok(['checkout', '--quiet', 'feature'], s.copy.work);
    await s.copy.commit({ 'f3.txt': 'f3\n' }, 'feature three');
    const remote = credentialUrl(server.url, `/${owner.name}/${s.repo.name}.git`, owner.name, owner.token);
    await git.ok(['push', '--quiet', remote, 'feature'], s.copy.work);
    const pushed = await s.tip('feature');
    expect(pushed).not.toBe(s.headSha);
    expect(await pullRef()).toBe(pushed);

    // The push shows in the timeline as Forgejo's pull_push, by the pusher; a force push names the old and new head.
    const pushes = async () =>
      (await server.request(`/repos/${owner.name}/${s.repo.name}/issues/${s.pull.number}/timeline`, as(owner))).body
        .filter((event: { type: string }) => event.type === 'pull_push')
        .map((event: { user: { login: string } | null; body: string }) => [event.user?.login, JSON.parse(event.body)]);
    expect(await pushes()).toEqual([[owner.name, { is_force_push: false, commit_ids: [pushed] }]]);
    await git.ok(['reset', '--quiet', '--hard', 'HEAD~1'], s.copy.work);
    await s.copy.commit({ 'f4.txt': 'f4\n' }, 'feature rewritten');
    await git.ok(['push', '--quiet', '--force', remote, 'feature'], s.copy.work);
    const forced = await s.tip('feature');
    expect((await pushes())[1]).toEqual([owner.name, { is_force_push: true, commit_ids: [pushed, forced] }]);
    expect((await merge(s.base, s.pull.number, { Do: 'merge', head_commit_id: forced })).status).toBe(200);
  });

  it('refuses a head that moved (409) and a caller who may not write (405); nothing changes', async () => {
    const s = await diverged();
    const stale = await merge(s.base, s.pull.number, { Do: 'merge', head_commit_id: s.mainBefore });
    expect(stale.status).toBe(409);
    expect((await merge(s.base, s.pull.number, { Do: 'merge' }, stranger)).status).toBe(405);
    expect(await s.tip('main')).toBe(s.mainBefore);
    expect((await merge(s.base, s.pull.number, { Do: 'merge', head_commit_id: s.headSha })).status).toBe(200);
  });

  it('update by merge: the head gets a merge commit of the base; the pull request then fast-forwards', async () => {
    const s = await diverged();
    const res = await server.request(`${s.base}/${s.pull.number}/update`, { ...as(owner), method: 'POST' });
    expect(res.status).toBe(200);
    const copy = await workingCopy(s.repo);
    const [parents, subject] = (await copy.out(['log', '-1', '--format=%P|%s', 'origin/feature'])).split('|');
    expect(parents.split(' ')).toEqual([s.headSha, s.mainBefore]);
    expect(subject).toBe("Merge branch 'main' into feature");
    const pull = await server.request(`${s.base}/${s.pull.number}`, as(owner));
    expect(pull.body.head.sha).toBe(await s.tip('feature'));
    expect((await merge(s.base, s.pull.number, { Do: 'fast-forward-only' })).status).toBe(200);
    expect(await s.tip('main')).toBe(await s.tip('feature'));
    const row = await server.db.repositories.findById(s.repo.id);
    expect(row!.gitSize).toBe(await measureSize(bareOf(s.repo)));
  });

  it('update by rebase: the head commits replayed on the base; conflicts 409, readers 403, merged 422', async () => {
    const s = await diverged();
    expect((await server.request(`${s.base}/${s.pull.number}/update?style=rebase`, { ...as(stranger), method: 'POST' })).status).toBe(403);
    expect((await server.request(`${s.base}/${s.pull.number}/update?style=rebase`, { ...as(owner), method: 'POST' })).status).toBe(200);
    const copy = await workingCopy(s.repo);
    expect(await copy.out(['log', '--format=%s', 'origin/feature'])).toBe('feature two\nfeature one\nmain moves on\nstart');
    expect((await merge(s.base, s.pull.number, { Do: 'merge' })).status).toBe(200);
    expect((await server.request(`${s.base}/${s.pull.number}/update`, { ...as(owner), method: 'POST' })).status).toBe(422);

    const clash = await diverged({ conflict: true });
    const refused = await server.request(`${clash.base}/${clash.pull.number}/update`, { ...as(owner), method: 'POST' });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringContaining('shared.txt')]);
    expect(await clash.tip('feature')).toBe(clash.headSha);
  });

  it('finds a pull request by base and head (also owner:head), 404 for a pair nobody proposed', async () => {
    const s = await diverged();
    const found = await server.request(`${s.base}/main/feature`, as(stranger));
    expect([found.status, found.body.number]).toEqual([200, s.pull.number]);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/pulls/{base}/{head}', 200, found.body);
    expect((await server.request(`${s.base}/main/${owner.name}:feature`, as(stranger))).body.number).toBe(s.pull.number);
    expect((await server.request(`${s.base}/feature/main`, as(stranger))).status).toBe(404);
    expect((await server.request(`${s.base}/main/someone:feature`, as(stranger))).status).toBe(404);
  });

  it('compares base...head: the commits head brings and the files they change; 404 for an unknown side', async () => {
    const s = await diverged({ isPrivate: true });
    const compare = (basehead: string, user = owner) => server.request(`/repos/${owner.name}/${s.repo.name}/compare/${basehead}`, as(user));
    const res = await compare('main...feature');
    expect(res.status).toBe(200);
    expectForgejoShape('GET', '/repos/{owner}/{repo}/compare/{basehead}', 200, res.body);
    expect(res.body.total_commits).toBe(2);
    expect(res.body.commits.map((c: { commit: { message: string } }) => c.commit.message)).toEqual(['feature two\n', 'feature one\n']);
    expect(res.body.files).toEqual([
      { filename: 'f1.txt', status: 'added' },
      { filename: 'f2.txt', status: 'added' },
    ]);
    expect((await compare(`${s.mainBefore}..feature`)).body.total_commits).toBe(2);
    expect((await compare('main...nope')).status).toBe(404);
    expect((await compare('main')).status).toBe(422);
    expect((await compare('main...feature', stranger)).status).toBe(404);
  });

  it('downloads the pull request as .diff (from the merge base) and .patch (one mail per commit)', async () => {
    const s = await diverged({ isPrivate: true });
    const download = (suffix: string, user = owner) => server.request(`${s.base}/${s.pull.number}.${suffix}`, as(user));
    const diff = await download('diff');
    expect([diff.status, diff.headers.get('content-type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(diff.text).toContain('diff --git a/f1.txt b/f1.txt');
    expect(diff.text).toContain('+f2\n');
    expect(diff.text).not.toContain('main.txt');
    const patch = await download('patch');
    expect(patch.status).toBe(200);
    expect(patch.text.match(/^Subject: \[PATCH [0-9/]+\] .*$/gm)).toEqual([
      'Subject: [PATCH 1/2] feature one',
      'Subject: [PATCH 2/2] feature two',
    ]);
    expect((await download('zip')).status).toBe(404);
    expect((await server.request(`${s.base}/999.diff`, as(owner))).status).toBe(404);
    expect((await download('diff', stranger)).status).toBe(404);
    expect((await server.request(`${s.base}/${s.pull.number}`, as(owner))).body.number).toBe(s.pull.number);
  });

  it('answers 422 for an unknown style, 404 for a closed pull request', async () => {
    const s = await diverged();
    expect((await merge(s.base, s.pull.number, { Do: 'octopus' })).status).toBe(422);
    await server.request(`${s.base}/${s.pull.number}`, { ...as(owner), method: 'PATCH', body: { state: 'closed' } });
    expect((await merge(s.base, s.pull.number, { Do: 'merge' })).status).toBe(404);
    expect(await s.tip('main')).toBe(s.mainBefore);
  });

  it("a private repository's pull request is 404 to strangers on every merge path", async () => {
    const s = await diverged({ isPrivate: true });
    expect((await server.request(`${s.base}/${s.pull.number}`, as(stranger))).status).toBe(404);
    expect((await server.request(`${s.base}/${s.pull.number}/merge`, as(stranger))).status).toBe(404);
    expect((await merge(s.base, s.pull.number, { Do: 'merge' }, stranger)).status).toBe(404);
    expect(await s.tip('main')).toBe(s.mainBefore);
  });

  it('after merges, the stored git size is the size on disk and the ledger equals a recount', async () => {
    const s = await diverged();
    expect((await merge(s.base, s.pull.number, { Do: 'squash' })).status).toBe(200);
    const row = await server.db.repositories.findById(s.repo.id);
    expect(row!.gitSize).toBe(await measureSize(bareOf(s.repo)));
    expect(await server.db.quotaRecount.differences()).toEqual([]);
  });
});
