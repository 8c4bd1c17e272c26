import { MergeConflictError, MergeOptions, MergeStyleError, PullMerges } from '../../../src/modules/pulls/pull-merges';
import { GitConflictError, InvalidGitInputError } from '../../../src/modules/repositories/git-errors';
import { RepositoryContents } from '../../../src/modules/repositories/repository-contents';
import { RepositoryHistory } from '../../../src/modules/repositories/repository-history';
import { RepositoryRefs } from '../../../src/modules/repositories/repository-refs';
import { RepositorySizes } from '../../../src/modules/repositories/repository-sizes';
import { ALICE, BoundGitPorts, repositoryWith } from '../../support/git-ports';

const BOB = { name: 'Bob Merger', email: 'bob@example.com' };

/** PullMerges as bound to the git adapter, on real bare repositories in a temporary directory. */
describe('PullMerges contract (bound git adapter)', () => {
  let ports: BoundGitPorts;
  let merges: PullMerges;
  let refs: RepositoryRefs;
  let counter = 0;

  beforeAll(async () => {
    ports = await BoundGitPorts.open();
    merges = ports.get(PullMerges);
    refs = ports.get(RepositoryRefs);
  });
  afterAll(() => ports.close());

  /** main: a.txt; `topic` changes `file` (from main's first commit); main then changes `mainFile`. */
  async function branches(topicFile: string, mainFile: string) {
    const { repoPath } = await repositoryWith(ports, `merges-${counter++}`, { 'a.txt': 'a\n' });
    const contents = ports.get(RepositoryContents);
    const write = (branch: string, filePath: string, content: string, newBranch?: string) =>
      contents.createOrUpdateFile(repoPath, { branch, newBranch, filePath, content, message: `write ${filePath}`, author: ALICE });
    const head = (await write('main', topicFile, `${topicFile} on topic\n`, 'topic')).commitSha;
    const base = (await write('main', mainFile, `${mainFile} on main\n`)).commitSha;
    return { repoPath, head, base };
  }

  const options = (headSha: string, style: MergeOptions['style']): MergeOptions => ({
    style,
    baseBranch: 'main',
    headSha,
    message: 'Merge topic',
    committer: BOB,
    squashAuthor: ALICE,
  });

  it('checkMerge: clean branches merge; conflicting ones name their files; neither writes an object', async () => {
    const clean = await branches('b.txt', 'c.txt');
    const sizes = ports.get(RepositorySizes);
    const before = await sizes.measureSize(clean.repoPath);
    expect(await merges.checkMerge(clean.repoPath, clean.base, clean.head)).toEqual({ clean: true, conflictedFiles: [] });
    const clash = await branches('a.txt', 'a.txt');
    expect(await merges.checkMerge(clash.repoPath, 'main', 'topic')).toEqual({ clean: false, conflictedFiles: ['a.txt'] });
    expect(await sizes.measureSize(clean.repoPath)).toBe(before);
  });

  it('merge: the base gets a commit with both parents, written by the committer', async () => {
    const { repoPath, head, base } = await branches('b.txt', 'c.txt');
    const result = await merges.mergePullRequest(repoPath, options(head, 'merge'));
    expect(result.previousBaseSha).toBe(base);
    expect(await refs.branchTip(repoPath, 'main')).toBe(result.baseSha);
    const commit = await ports.get(RepositoryHistory).getCommit(repoPath, result.baseSha);
    expect(commit.parents).toEqual([base, head]);
    expect(commit.committer).toMatchObject(BOB);
    expect(commit.message).toBe('Merge topic\n');
  });

  it('squash: one parent, the squash author, the committer', async () => {
    const { repoPath, head, base } = await branches('b.txt', 'c.txt');
    const result = await merges.mergePullRequest(repoPath, options(head, 'squash'));
    const commit = await ports.get(RepositoryHistory).getCommit(repoPath, result.baseSha);
    expect(commit.parents).toEqual([base]);
    expect([commit.author.name, commit.committer.name]).toEqual([ALICE.name, BOB.name]);
  });

  it('rebase: replays the head commit on the base, keeping its author and message', async () => {
    const { repoPath, head, base } = await branches('b.txt', 'c.txt');
    const result = await merges.mergePullRequest(repoPath, options(head, 'rebase'));
    const commit = await ports.get(RepositoryHistory).getCommit(repoPath, result.baseSha);
    expect(commit.parents).toEqual([base]);
    expect([commit.author.name, commit.committer.name, commit.message]).toEqual([ALICE.name, BOB.name, 'write b.txt\n']);
  });

  it('conflicts and an impossible fast-forward change nothing and say why', async () => {
    const clash = await branches('a.txt', 'a.txt');
    const sizes = ports.get(RepositorySizes);
    const before = await sizes.measureSize(clash.repoPath);
    for (const style of ['merge', 'squash', 'rebase', 'rebase-merge'] as const) {
      await expect(merges.mergePullRequest(clash.repoPath, options(clash.head, style))).rejects.toBeInstanceOf(MergeConflictError);
    }
    await expect(merges.mergePullRequest(clash.repoPath, options(clash.head, 'fast-forward-only'))).rejects.toBeInstanceOf(MergeStyleError);
    expect(await refs.branchTip(clash.repoPath, 'main')).toBe(clash.base);
    expect(await sizes.measureSize(clash.repoPath)).toBe(before);
  });

  it('two merges racing on one base: never both from the same base; the loser is a GitConflictError', async () => {
    const { repoPath, head } = await branches('b.txt', 'c.txt');
    const results = await Promise.allSettled([
      merges.mergePullRequest(repoPath, options(head, 'merge')),
      merges.mergePullRequest(repoPath, options(head, 'squash')),
      merges.mergePullRequest(repoPath, options(head, 'rebase-merge')),
    ]);
    const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(won.length).toBeGreaterThan(0);
    expect(new Set(won.map((result) => result.previousBaseSha)).size).toBe(won.length);
    lost.forEach((reason) => expect(reason).toBeInstanceOf(GitConflictError));
    expect(won.map((result) => result.baseSha)).toContain(await refs.branchTip(repoPath, 'main'));
  });

  it('updateBranch: merges the base into the branch, or replays the branch on it; a conflict changes nothing', async () => {
    const merged = await branches('b.txt', 'c.txt');
    const byMerge = await merges.updateBranch(merged.repoPath, {
      branch: 'topic',
      baseSha: merged.base,
      style: 'merge',
      message: 'Merge main',
      committer: BOB,
    });
    const history = ports.get(RepositoryHistory);
    expect((await history.getCommit(merged.repoPath, byMerge.baseSha)).parents).toEqual([merged.head, merged.base]);
    expect(await refs.branchTip(merged.repoPath, 'topic')).toBe(byMerge.baseSha);
    const again = await merges.updateBranch(merged.repoPath, {
      branch: 'topic',
      baseSha: merged.base,
      style: 'rebase',
      message: 'x',
      committer: BOB,
    });
    expect(again.baseSha).toBe(byMerge.baseSha);

    const rebased = await branches('b.txt', 'c.txt');
    const byRebase = await merges.updateBranch(rebased.repoPath, {
      branch: 'topic',
      baseSha: rebased.base,
      style: 'rebase',
      message: 'x',
      committer: BOB,
    });
    const tip = await history.getCommit(rebased.repoPath, byRebase.baseSha);
    expect([tip.parents, tip.message, tip.author.name]).toEqual([[rebased.base], 'write b.txt\n', ALICE.name]);

    const clash = await branches('a.txt', 'a.txt');
    const update = merges.updateBranch(clash.repoPath, {
      branch: 'topic',
      baseSha: clash.base,
      style: 'merge',
      message: 'x',
      committer: BOB,
    });
    await expect(update).rejects.toBeInstanceOf(MergeConflictError);
    expect(await refs.branchTip(clash.repoPath, 'topic')).toBe(clash.head);
  });

  it('setRef keeps refs/pull/{index}/head and refuses any other ref', async () => {
    const { repoPath, head } = await branches('b.txt', 'c.txt');
    await merges.setRef(repoPath, 'refs/pull/7/head', head);
    expect(await refs.resolveRef(repoPath, 'refs/pull/7/head')).toBe(head);
    await expect(merges.setRef(repoPath, 'refs/heads/main', head)).rejects.toBeInstanceOf(InvalidGitInputError);
  });

  it('setRef with an expected old value moves the ref only from that value', async () => {
    const { repoPath, base, head } = await branches('d.txt', 'e.txt');
    expect(await merges.setRef(repoPath, 'refs/pull/8/head', base, '')).toBe(true);
    expect(await merges.setRef(repoPath, 'refs/pull/8/head', head, '')).toBe(false);
    // Two writers that read the same old value: one moves it.
    const moved = await Promise.all([
      merges.setRef(repoPath, 'refs/pull/8/head', head, base),
      merges.setRef(repoPath, 'refs/pull/8/head', head, base),
    ]);
    expect(moved.filter(Boolean)).toHaveLength(1);
    expect(await merges.setRef(repoPath, 'refs/pull/8/head', base, base)).toBe(false);
    expect(await refs.resolveRef(repoPath, 'refs/pull/8/head')).toBe(head);
  });

  it('deleteBranchAt deletes only a branch still at the expected commit', async () => {
    const { repoPath, head, base } = await branches('b.txt', 'c.txt');
    expect(await merges.deleteBranchAt(repoPath, 'topic', base)).toBe(false);
    expect(await refs.branchTip(repoPath, 'topic')).toBe(head);
    expect(await merges.deleteBranchAt(repoPath, 'topic', head)).toBe(true);
    expect(await refs.branchTip(repoPath, 'topic')).toBeUndefined();
  });
});
