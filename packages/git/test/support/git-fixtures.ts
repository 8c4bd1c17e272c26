import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { GitRepositories, createInitialCommit } from '../../src';

const execFileAsync = promisify(execFile);

export const ALICE = { name: 'Alice Example', email: 'alice@example.com' };

/** A temp directory removed after the test file. */
export async function makeTempDir(prefix = 'bellows-git-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Runs the git client the way a user would, in a work tree. */
export async function userGit(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await execFileAsync('git', args, {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      GIT_TERMINAL_PROMPT: '0',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: ALICE.name,
      GIT_AUTHOR_EMAIL: ALICE.email,
      GIT_COMMITTER_NAME: ALICE.name,
      GIT_COMMITTER_EMAIL: ALICE.email,
      ...env,
    },
  });
  return stdout;
}

export async function writeWorkFile(workTree: string, file: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(workTree, file)), { recursive: true });
  await writeFile(path.join(workTree, file), content);
}

/** A bare repository `alice/project` with an initial README commit on `main`. */
export async function repositoryWithReadme(root: string): Promise<{ repos: GitRepositories; repoPath: string; initial: string }> {
  const repos = new GitRepositories(path.join(root, 'repositories'));
  const repoPath = await repos.createBare('alice', 'project', { defaultBranch: 'main' });
  const initial = await createInitialCommit(repoPath, {
    branch: 'main',
    author: ALICE,
    message: 'Initial commit\n',
    files: { 'README.md': '# project\n' },
  });
  return { repos, repoPath, initial };
}

/** Clones a bare repository through the file:// transport into `{root}/{name}`. */
export async function cloneLocally(root: string, repoPath: string, name = 'work'): Promise<string> {
  const workTree = path.join(root, name);
  await userGit(root, ['clone', '--quiet', `file://${repoPath}`, workTree]);
  return workTree;
}
