import { GitNotFoundError, getBranch, getCommit, listBranches, listCommits, readTree, resolveRef } from '../src';
import { cloneLocally, makeTempDir, removeDir, repositoryWithReadme, userGit, writeWorkFile } from './support/git-fixtures';

describe('reading history: branches, commits with files, trees', () => {
  let dir: string;
  let repoPath: string;
  let initial: string;

  beforeAll(async () => {
    dir = await makeTempDir();
    ({ repoPath, initial } = await repositoryWithReadme(dir));
    const work = await cloneLocally(dir, repoPath);
    // Commit 2: add two files, one binary.
    await writeWorkFile(work, 'src/app.ts', 'line 1\nline 2\nline 3\n');
    await writeWorkFile(work, 'logo.png', Buffer.from([0, 1, 2, 0, 255]));
    await userGit(work, ['add', '.']);
    await userGit(work, ['commit', '--quiet', '-m', 'Add app and logo\n\nWith a body.']);
    // Commit 3: rename, modify, delete.
    await userGit(work, ['mv', 'src/app.ts', 'src/main.ts']);
    await writeWorkFile(work, 'README.md', '# project\n\nMore words.\n');
    await userGit(work, ['rm', '--quiet', 'logo.png']);
    await writeWorkFile(work, 'odd name\twith tab.txt', 'x\n');
    await userGit(work, ['add', '.']);
    await userGit(work, ['commit', '--quiet', '-m', 'Rename app, edit readme, drop logo']);
    await userGit(work, ['push', '--quiet', 'origin', 'main']);
    await userGit(work, ['push', '--quiet', 'origin', 'main:refs/heads/feature/x']);
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('lists branches with their head commits', async () => {
    const branches = await listBranches(repoPath);
    expect(branches.map((b) => b.name)).toEqual(['feature/x', 'main']);
    expect(branches[1].commit.message).toBe('Rename app, edit readme, drop logo\n');
    expect(branches[1].commit.committer.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-Z]/);
    expect(await getBranch(repoPath, 'feature/x')).toMatchObject({ name: 'feature/x', commit: { sha: branches[1].commit.sha } });
    expect(await getBranch(repoPath, 'nope')).toBeUndefined();
  });

  it('lists commits newest first with statuses, renames and line stats', async () => {
    const page = await listCommits(repoPath, { sha: 'main' });
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.message.split('\n')[0])).toEqual([
      'Rename app, edit readme, drop logo',
      'Add app and logo',
      'Initial commit',
    ]);

    const [third, second, first] = page.items;
    expect(sortByName(third.files)).toEqual([
      { filename: 'README.md', status: 'modified', additions: 2, deletions: 0, changes: 2, binary: false },
      { filename: 'logo.png', status: 'removed', additions: 0, deletions: 0, changes: 0, binary: true },
      { filename: 'odd name\twith tab.txt', status: 'added', additions: 1, deletions: 0, changes: 1, binary: false },
      { filename: 'src/main.ts', previousFilename: 'src/app.ts', status: 'renamed', additions: 0, deletions: 0, changes: 0, binary: false },
    ]);
    expect(third.stats).toEqual({ additions: 3, deletions: 0, total: 3 });
    expect(second.files.map((f) => [f.filename, f.status])).toEqual(
      expect.arrayContaining([
        ['logo.png', 'added'],
        ['src/app.ts', 'added'],
      ]),
    );
    expect(second.stats).toEqual({ additions: 3, deletions: 0, total: 3 });
    expect(first).toMatchObject({ sha: initial, parents: [], files: [{ filename: 'README.md', status: 'added', additions: 1 }] });
    expect(third.parents).toEqual([second.sha]);
  });

  it('pages and filters history by path, counting the whole filtered history', async () => {
    const page = await listCommits(repoPath, { sha: 'main', skip: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.items.map((c) => c.message.split('\n')[0])).toEqual(['Add app and logo']);

    const readme = await listCommits(repoPath, { path: 'README.md' });
    expect(readme.total).toBe(2);
    expect(readme.items).toHaveLength(2);
    // All files of a commit are listed, not only the one the history was filtered on.
    expect(readme.items[0].files).toHaveLength(4);
  });

  it('gets one commit by sha or ref, and 404s unknown ones', async () => {
    const sha = (await resolveRef(repoPath, 'main'))!;
    const commit = await getCommit(repoPath, sha.slice(0, 10));
    expect(commit.sha).toBe(sha);
    expect(commit.files).toHaveLength(4);
    await expect(getCommit(repoPath, 'deadbeef')).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(getCommit(repoPath, 'no-such-branch')).rejects.toBeInstanceOf(GitNotFoundError);
    expect(await resolveRef(repoPath, 'no-such-branch')).toBeUndefined();
  });

  it('diffs merge commits against their first parent', async () => {
    const work = await cloneLocally(dir, repoPath, 'merge-work');
    await userGit(work, ['checkout', '--quiet', '-b', 'side']);
    await writeWorkFile(work, 'side.txt', 'side\n');
    await userGit(work, ['add', '.']);
    await userGit(work, ['commit', '--quiet', '-m', 'Side']);
    await userGit(work, ['checkout', '--quiet', 'main']);
    await writeWorkFile(work, 'main.txt', 'main\n');
    await userGit(work, ['add', '.']);
    await userGit(work, ['commit', '--quiet', '-m', 'Main']);
    await userGit(work, ['merge', '--quiet', '--no-edit', 'side']);
    await userGit(work, ['push', '--quiet', 'origin', 'main:refs/heads/merged']);
    const merge = await getCommit(repoPath, 'merged');
    expect(merge.parents).toHaveLength(2);
    expect(merge.files.map((f) => f.filename)).toEqual(['side.txt']);
  });

  it('reads directories and files at a revision', async () => {
    const root = await readTree(repoPath, 'main');
    expect(root.map((e) => [e.name, e.type])).toEqual([
      ['src', 'tree'],
      ['odd name\twith tab.txt', 'blob'],
      ['README.md', 'blob'],
    ]);
    const src = await readTree(repoPath, 'main', 'src');
    expect(src).toEqual([expect.objectContaining({ name: 'main.ts', path: 'src/main.ts', type: 'blob', mode: '100644', size: 21 })]);
    await expect(readTree(repoPath, 'main', 'README.md')).rejects.toBeInstanceOf(GitNotFoundError);
    await expect(readTree(repoPath, 'main', 'missing')).rejects.toBeInstanceOf(GitNotFoundError);
  });
});

function sortByName<T extends { filename: string }>(files: T[]): T[] {
  return [...files].sort((a, b) => (a.filename < b.filename ? -1 : 1));
}
