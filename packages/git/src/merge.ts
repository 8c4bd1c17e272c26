import { link, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import * as path from 'node:path';
import { GitCommandError, GitConflictError, GitNotFoundError, InvalidGitInputError } from './errors';
import { branchTip, resolveCommit } from './read';
import { gitText, runGit } from './run-git';
import type { GitIdentity } from './types';
import { assertRefName } from './validation';
import { identityEnv } from './write';

// Merging pull requests with plumbing in the bare repository, never in a work tree.
//
// Every object a merge computes (trees from `merge-tree --write-tree`, commits from
// `commit-tree`) is first written into a scratch object directory beside the repository,
// reading the repository's own objects through GIT_ALTERNATE_OBJECT_DIRECTORIES. A check or a
// merge that fails (conflict, moved branch) throws the scratch directory away, so it leaves
// the repository's objects, and so its measured size, exactly as they were. A merge that
// succeeds moves its objects in, then moves the base branch only if it is still where it was
// read (`update-ref <ref> <new> <old>`). If that fails the objects stay, unreferenced, until
// git's garbage collection: removing them could remove an object a concurrent push or merge
// wrote too (same content, same name). The caller re-measures the size either way.

/** The ways a pull request can be merged (Forgejo's `Do`, without manually-merged, which writes nothing). */
export type MergeStyle = 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only';

/** Base and head cannot be merged without a person resolving conflicts; `files` are the conflicting paths. */
export class GitMergeConflictError extends GitConflictError {
  constructor(readonly files: readonly string[]) {
    super(`merge conflict in ${files.length ? files.join(', ') : 'the pull request'}`);
  }
}

/** The style cannot apply to these branches (fast-forward-only when base has commits head lacks). */
export class GitMergeStyleError extends GitConflictError {}

export interface MergeCheck {
  /** Whether head merges into base without conflicts. */
  clean: boolean;
  /** The paths that conflict, sorted, each once. */
  conflictedFiles: string[];
}

export interface MergeOptions {
  style: MergeStyle;
  /** The branch that receives the merge. */
  baseBranch: string;
  /** The commit to merge (the pull request's head as the caller read it). */
  headSha: string;
  /** The message of the merge or squash commit (rebase keeps each commit's own). */
  message: string;
  /** Who merges: the committer of every new commit and the author of a merge commit. */
  committer: GitIdentity;
  /** The author of a squash commit (Forgejo: the pull request's poster). */
  squashAuthor: GitIdentity;
}

export interface MergeResult {
  /** The base branch before and after the merge. */
  previousBaseSha: string;
  baseSha: string;
}

/** Whether `head` merges cleanly into `base`, and which files conflict; writes nothing to the repository. */
export async function checkMerge(repoPath: string, base: string, head: string): Promise<MergeCheck> {
  const [baseSha, headSha] = await Promise.all([resolveCommit(repoPath, base), resolveCommit(repoPath, head)]);
  return withScratchObjects(repoPath, async (env) => {
    const result = await mergeTrees(repoPath, env, baseSha, headSha);
    return { clean: result.tree !== undefined, conflictedFiles: result.conflicts };
  });
}

/**
 * Merges `headSha` into `baseBranch` in the given style and moves the branch, atomically
 * against a concurrent push. GitMergeConflictError on conflicts, GitMergeStyleError when a
 * fast-forward is impossible, GitConflictError when the base branch moved meanwhile; in each
 * case nothing changed.
 */
export async function mergePullRequest(repoPath: string, options: MergeOptions): Promise<MergeResult> {
  assertRefName('base branch', options.baseBranch);
  const previousBaseSha = await branchTip(repoPath, options.baseBranch);
  if (previousBaseSha === undefined) throw new GitNotFoundError(`branch ${options.baseBranch} does not exist`);
  const headSha = await resolveCommit(repoPath, options.headSha);
  return withScratchObjects(repoPath, async (env, scratch) => {
    const baseSha = await mergedCommit(repoPath, env, previousBaseSha, headSha, options);
    await moveObjectsIn(repoPath, scratch);
    await moveRef(repoPath, options.baseBranch, baseSha, previousBaseSha);
    return { previousBaseSha, baseSha };
  });
}

export interface BranchUpdateOptions {
  /** The branch to bring up to date (a pull request's head). */
  branch: string;
  /** The commit it is to contain afterwards (the base's tip). */
  baseSha: string;
  /** merge: a merge commit of the base into the branch; rebase: the branch's own commits replayed on the base. */
  style: 'merge' | 'rebase';
  /** The message of the merge commit. */
  message: string;
  committer: GitIdentity;
}

/**
 * Brings `branch` up to date with `baseSha` (Forgejo's "update pull request"), moving it
 * only if it is still where it was read. Nothing to do when it contains the base already.
 * GitMergeConflictError on conflicts, GitConflictError when the branch moved meanwhile.
 */
export async function updateBranch(repoPath: string, options: BranchUpdateOptions): Promise<MergeResult> {
  assertRefName('branch', options.branch);
  const previous = await branchTip(repoPath, options.branch);
  if (previous === undefined) throw new GitNotFoundError(`branch ${options.branch} does not exist`);
  const base = await resolveCommit(repoPath, options.baseSha);
  if (await isAncestorCommit(repoPath, base, previous)) return { previousBaseSha: previous, baseSha: previous };
  return withScratchObjects(repoPath, async (env, scratch) => {
    const updated =
      options.style === 'rebase'
        ? await replay(repoPath, env, base, previous, options.committer)
        : await commit(repoPath, env, await cleanTree(repoPath, env, previous, base), [previous, base], options.message, options.committer);
    await moveObjectsIn(repoPath, scratch);
    await moveRef(repoPath, options.branch, updated, previous);
    return { previousBaseSha: previous, baseSha: updated };
  });
}

/**
 * Points `ref` (e.g. refs/pull/1/head) at `sha`: whatever it held before, or
 * only if it still holds `expected` ('' for "does not exist yet"), so that of
 * two writers that read the same old value one moves it. False when it held
 * something else.
 */
export async function setRef(repoPath: string, ref: string, sha: string, expected?: string): Promise<boolean> {
  if (!/^refs\/pull\/[0-9]+\/head$/.test(ref)) throw new InvalidGitInputError('ref', ref, 'only refs/pull/<index>/head may be set');
  const args = ['update-ref', ref, await resolveCommit(repoPath, sha), ...(expected === undefined ? [] : [expected])];
  // git answers a ref that holds something else with 128 and "cannot lock ref"; any other failure is one.
  const { exitCode, stderr } = await runGit(args, { gitDir: repoPath, allowedExitCodes: [0, 128] });
  if (exitCode === 0) return true;
  if (expected !== undefined && /cannot lock ref/.test(stderr)) return false;
  throw new GitCommandError(args, exitCode, stderr, `exit code ${exitCode}`);
}

/** Deletes the branch if it still points at `expectedSha`; false when it moved or is gone (then it stays). */
export async function deleteBranchAt(repoPath: string, branch: string, expectedSha: string): Promise<boolean> {
  assertRefName('branch', branch);
  const { exitCode } = await runGit(['update-ref', '-d', `refs/heads/${branch}`, expectedSha], {
    gitDir: repoPath,
    allowedExitCodes: [0, 1],
  });
  return exitCode === 0;
}

/** Moves the branch to `value` only if it still is at `expected`; GitConflictError otherwise. */
async function moveRef(repoPath: string, branch: string, value: string, expected: string): Promise<void> {
  try {
    await runGit(['update-ref', `refs/heads/${branch}`, value, expected], { gitDir: repoPath });
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitConflictError(`branch ${branch} was changed by someone else meanwhile; try again`);
    throw error;
  }
}

/** The commit the base branch is to point at after merging `head` in the given style. */
async function mergedCommit(repoPath: string, env: ObjectEnv, base: string, head: string, options: MergeOptions): Promise<string> {
  const headContainsBase = await isAncestorCommit(repoPath, base, head);
  switch (options.style) {
    case 'fast-forward-only':
      if (!headContainsBase) throw new GitMergeStyleError(`${options.baseBranch} has commits the head lacks: it cannot be fast-forwarded`);
      return head;
    case 'merge':
      return commit(repoPath, env, await cleanTree(repoPath, env, base, head), [base, head], options.message, options.committer);
    case 'squash':
      return commit(
        repoPath,
        env,
        await cleanTree(repoPath, env, base, head),
        [base],
        options.message,
        options.squashAuthor,
        options.committer,
      );
    case 'rebase':
      return headContainsBase ? head : replay(repoPath, env, base, head, options.committer);
    case 'rebase-merge': {
      const replayed = headContainsBase ? head : await replay(repoPath, env, base, head, options.committer);
      return commit(repoPath, env, await treeOf(repoPath, env, replayed), [base, replayed], options.message, options.committer);
    }
  }
}

/**
 * Head's commits that base lacks, oldest first and without merge commits (as `git rebase`
 * flattens them), each re-applied on top of the previous: author and message kept, the
 * merging user as committer. Returns the last one.
 */
async function replay(repoPath: string, env: ObjectEnv, base: string, head: string, committer: GitIdentity): Promise<string> {
  const list = await gitText(['rev-list', '--reverse', '--no-merges', head, `^${base}`], { gitDir: repoPath, env });
  let onto = base;
  for (const sha of list.split('\n').filter(Boolean)) onto = await cherryPick(repoPath, env, sha, onto, committer);
  return onto;
}

/**
 * Applies the change `sha` makes to its parent onto `onto`. git 2.39's merge-tree has no
 * --merge-base, so a throw-away commit with onto's tree and sha's parent as its only parent
 * makes that parent the merge base git finds: the three-way merge is then exactly the
 * cherry-pick. The throw-away commit stays in the scratch directory.
 */
async function cherryPick(repoPath: string, env: ObjectEnv, sha: string, onto: string, committer: GitIdentity): Promise<string> {
  const parent = await gitText(['rev-parse', '--verify', `${sha}^`], { gitDir: repoPath, env });
  const stand = await gitText(['commit-tree', await treeOf(repoPath, env, onto), '-p', parent, '-m', 'stand-in'], {
    gitDir: repoPath,
    env: { ...env, ...identityEnv('AUTHOR', committer), ...identityEnv('COMMITTER', committer) },
  });
  const tree = await cleanTree(repoPath, env, stand, sha);
  const original = await runGit(['log', '-1', '--format=%an%x00%ae%x00%ad%x00%B', '--date=raw', sha], { gitDir: repoPath, env });
  const [name, email, date, ...rest] = original.stdout.toString('utf8').split('\0');
  const message = rest.join('\0').replace(/\n+$/, '\n');
  return gitText(['commit-tree', tree, '-p', onto, '-F', '-'], {
    gitDir: repoPath,
    input: message,
    env: {
      ...env,
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: email,
      GIT_AUTHOR_DATE: date,
      ...identityEnv('COMMITTER', committer),
    },
  });
}

/** The merged tree of two commits; GitMergeConflictError when they conflict. */
async function cleanTree(repoPath: string, env: ObjectEnv, ours: string, theirs: string): Promise<string> {
  const result = await mergeTrees(repoPath, env, ours, theirs);
  if (result.tree === undefined) throw new GitMergeConflictError(result.conflicts);
  return result.tree;
}

async function mergeTrees(repoPath: string, env: ObjectEnv, ours: string, theirs: string): Promise<{ tree?: string; conflicts: string[] }> {
  // Exit 0: clean, 1: conflicts; -z separates the tree and each conflicted path by NUL.
  const { stdout, exitCode } = await runGit(['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', ours, theirs], {
    gitDir: repoPath,
    env,
    allowedExitCodes: [0, 1],
  });
  const [tree, ...paths] = stdout.toString('utf8').split('\0');
  if (exitCode === 0) return { tree: tree.trim(), conflicts: [] };
  return { conflicts: [...new Set(paths.filter(Boolean))].sort() };
}

async function commit(
  repoPath: string,
  env: ObjectEnv,
  tree: string,
  parents: readonly string[],
  message: string,
  author: GitIdentity,
  committer: GitIdentity = author,
): Promise<string> {
  if (message.trim() === '') throw new InvalidGitInputError('message', message, 'must not be empty');
  return gitText(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'], {
    gitDir: repoPath,
    input: message.endsWith('\n') ? message : `${message}\n`,
    env: { ...env, ...identityEnv('AUTHOR', author), ...identityEnv('COMMITTER', committer) },
  });
}

function treeOf(repoPath: string, env: ObjectEnv, sha: string): Promise<string> {
  return gitText(['rev-parse', '--verify', `${sha}^{tree}`], { gitDir: repoPath, env });
}

async function isAncestorCommit(repoPath: string, ancestor: string, descendant: string): Promise<boolean> {
  const { exitCode } = await runGit(['merge-base', '--is-ancestor', ancestor, descendant], { gitDir: repoPath, allowedExitCodes: [0, 1] });
  return exitCode === 0;
}

/** The environment that sends new objects to the scratch directory while reading the repository's. */
type ObjectEnv = Record<string, string>;

/** Runs `work` with a scratch object directory inside the repository folder (same file system), removed afterwards. */
async function withScratchObjects<T>(repoPath: string, work: (env: ObjectEnv, scratch: string) => Promise<T>): Promise<T> {
  const scratch = await mkdtemp(path.join(repoPath, 'bellows-merge-'));
  try {
    return await work({ GIT_OBJECT_DIRECTORY: scratch, GIT_ALTERNATE_OBJECT_DIRECTORIES: path.join(repoPath, 'objects') }, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Hard-links the scratch directory's loose objects into the repository (an object already there is the same object). */
async function moveObjectsIn(repoPath: string, scratch: string): Promise<void> {
  for (const fanout of await readdir(scratch)) {
    if (!/^[0-9a-f]{2}$/.test(fanout)) continue;
    const target = path.join(repoPath, 'objects', fanout);
    await mkdir(target, { recursive: true });
    for (const name of await readdir(path.join(scratch, fanout))) {
      const destination = path.join(target, name);
      try {
        await link(path.join(scratch, fanout, name), destination);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
}
