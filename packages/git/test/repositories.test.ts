import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as path from 'node:path';
import {
  GitConflictError,
  GitNotFoundError,
  GitRepositories,
  getDefaultBranch,
  isEmpty,
  listBranches,
  measureSize,
  readBlob,
} from '../src';
import { cloneLocally, makeTempDir, removeDir, repositoryWithReadme, userGit, writeWorkFile } from './support/git-fixtures';

const execFileAsync = promisify(execFile);

describe('GitRepositories and measureSize', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeDir(dir);
  });

  it('creates an empty bare repository whose HEAD is the default branch', async () => {
    const repos = new GitRepositories(dir);
    const repoPath = await repos.createBare('Alice', 'Empty', { defaultBranch: 'trunk' });
    expect(repoPath).toBe(path.join(dir, 'alice', 'empty.git'));
    expect(await repos.exists('alice', 'EMPTY')).toBe(true);
    expect(await isEmpty(repoPath)).toBe(true);
    expect(await getDefaultBranch(repoPath)).toBe('trunk');
    expect(await (await execFileAsync('git', ['--git-dir', repoPath, 'rev-parse', '--is-bare-repository'])).stdout.trim()).toBe('true');
    await expect(repos.createBare('alice', 'empty', { defaultBranch: 'main' })).rejects.toBeInstanceOf(GitConflictError);
  });

  it('writes the initial commit without a work tree, and a clone sees it', async () => {
    const { repoPath, initial } = await repositoryWithReadme(dir);
    expect(await isEmpty(repoPath)).toBe(false);
    const [branch] = await listBranches(repoPath);
    expect(branch).toMatchObject({ name: 'main', commit: { sha: initial, message: 'Initial commit\n', parents: [] } });
    expect(branch.commit.author).toMatchObject({ name: 'Alice Example', email: 'alice@example.com' });

    const work = await cloneLocally(dir, repoPath);
    expect(await userGit(work, ['show', 'HEAD:README.md'])).toBe('# project\n');
    const blob = await readBlob(repoPath, 'main', 'README.md');
    expect(blob.size).toBe('# project\n'.length);
  });

  it('measures the exact bytes under objects/, growing after a push', async () => {
    const { repoPath } = await repositoryWithReadme(dir);
    const before = await measureSize(repoPath);
    expect(before).toBe(await bytesUnderObjectsByFind(repoPath));

    const work = await cloneLocally(dir, repoPath);
    await writeWorkFile(work, 'data.bin', Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 2654435761) % 251)));
    await userGit(work, ['add', '.']);
    await userGit(work, ['commit', '--quiet', '-m', 'Add data']);
    await userGit(work, ['push', '--quiet', 'origin', 'main']);

    const after = await measureSize(repoPath);
    expect(after).toBeGreaterThan(before + 1000);
    expect(after).toBe(await bytesUnderObjectsByFind(repoPath));

    await execFileAsync('git', ['--git-dir', repoPath, 'gc', '--quiet']);
    expect(await measureSize(repoPath)).toBe(await bytesUnderObjectsByFind(repoPath));
  });

  it('deletes and moves repositories', async () => {
    const { repos } = await repositoryWithReadme(dir);
    await repos.createWiki('alice', 'project', { defaultBranch: 'main' });
    const moved = await repos.move({ owner: 'alice', repo: 'project' }, { owner: 'bob', repo: 'renamed' });
    expect(moved).toBe(repos.pathFor('bob', 'renamed'));
    expect(await repos.exists('alice', 'project')).toBe(false);
    expect(await getDefaultBranch(repos.wikiPathFor('bob', 'renamed'))).toBe('main');
    await expect(repos.move({ owner: 'alice', repo: 'project' }, { owner: 'x', repo: 'y' })).rejects.toBeInstanceOf(GitNotFoundError);

    await repos.delete('bob', 'renamed');
    expect(await repos.exists('bob', 'renamed')).toBe(false);
    await expect(repos.delete('bob', 'renamed')).resolves.toBeUndefined();
  });
});

/** An independent measurement: `find objects -type f` with each file's apparent size. */
async function bytesUnderObjectsByFind(repoPath: string): Promise<number> {
  const { stdout } = await execFileAsync('find', [path.join(repoPath, 'objects'), '-type', 'f', '-printf', '%s\n']);
  return stdout
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line), 0);
}
