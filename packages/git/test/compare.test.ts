import { GitNotFoundError, changedFiles, commitsBetween, createOrUpdateFile, deleteFile, isAncestor, mergeBase } from '../src';
import { ALICE, makeTempDir, removeDir, repositoryWithReadme } from './support/git-fixtures';

describe('comparing branches for pull requests', () => {
  let dir: string;
  let repoPath: string;
  let initial: string;

  beforeAll(async () => {
    dir = await makeTempDir();
    ({ repoPath, initial } = await repositoryWithReadme(dir));
    const commit = (branch: string, filePath: string, content: string | null, message: string, newBranch?: string) =>
      content === null
        ? deleteFile(repoPath, { branch, filePath, message, author: ALICE })
        : createOrUpdateFile(repoPath, { branch, newBranch, filePath, content, message, author: ALICE });
    await commit('main', 'shared.txt', 'a\nb\nc\n', 'Shared file');
    await commit('main', 'feature.txt', 'one\ntwo\n', 'Start feature', 'feature');
    await commit('feature', 'shared.txt', 'a\nB\nc\nd\n', 'Edit shared');
    await commit('feature', 'README.md', null, 'Drop readme');
    // main moves on after the branch point; none of this belongs to the pull request.
    await commit('main', 'later.txt', 'later\n', 'Later on main');
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('lists the commits of head that base lacks, newest first, with files', async () => {
    const page = await commitsBetween(repoPath, 'main', 'feature');
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.message)).toEqual(['Drop readme\n', 'Edit shared\n', 'Start feature\n']);
    expect(page.items[1].files).toEqual([
      { filename: 'shared.txt', status: 'modified', additions: 2, deletions: 1, changes: 3, binary: false },
    ]);
    expect(page.items[1].stats).toEqual({ additions: 2, deletions: 1, total: 3 });
    const second = await commitsBetween(repoPath, 'main', 'feature', { skip: 2, limit: 5 });
    expect(second.items.map((c) => c.message)).toEqual(['Start feature\n']);
    expect(second.total).toBe(3);
  });

  it('lists the changed files since the merge base, ignoring what base did meanwhile', async () => {
    const files = await changedFiles(repoPath, 'main', 'feature');
    expect(files.map(({ filename, status, additions, deletions }) => ({ filename, status, additions, deletions }))).toEqual([
      { filename: 'README.md', status: 'removed', additions: 0, deletions: 1 },
      { filename: 'feature.txt', status: 'added', additions: 2, deletions: 0 },
      { filename: 'shared.txt', status: 'modified', additions: 2, deletions: 1 },
    ]);
  });

  it('finds the merge base and ancestry', async () => {
    const base = await mergeBase(repoPath, 'main', 'feature');
    expect(base).toBeDefined();
    expect(base).not.toBe(initial);
    expect(await isAncestor(repoPath, initial, 'feature')).toBe(true);
    expect(await isAncestor(repoPath, 'feature', 'main')).toBe(false);
    await expect(changedFiles(repoPath, 'main', 'missing')).rejects.toBeInstanceOf(GitNotFoundError);
  });
});
