import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { GitCommandError, GitConflictError, GitNotFoundError, InvalidGitInputError } from './errors';
import { branchTip, isEmpty, resolveCommit, statPaths } from './read';
import { gitText, runGit } from './run-git';
import type { GitIdentity, TreeEntry } from './types';
import { assertIdentityText, assertRefName, assertWritableTreePath } from './validation';

// Commits are written with plumbing straight into the bare repository: there is no work
// tree to check out, lock or clean up. Trees are built in a throw-away index file
// (GIT_INDEX_FILE), which handles nested paths, and the branch moves with an old-value check
// so two concurrent writers cannot silently overwrite each other's commit.

/** One file to write (content) or delete (null). */
export interface FileChange {
  path: string;
  content: Buffer | string | null;
  /** Executable bit; default false. */
  executable?: boolean;
}

export interface CommitOptions {
  message: string;
  author: GitIdentity;
  /** Defaults to the author. */
  committer?: GitIdentity;
}

export interface InitialCommitOptions extends CommitOptions {
  branch: string;
  files: Record<string, Buffer | string>;
}

/** The first commit of an empty repository (auto_init); the branch must not exist yet. */
export async function createInitialCommit(repoPath: string, options: InitialCommitOptions): Promise<string> {
  assertRefName('branch', options.branch);
  const changes = Object.entries(options.files).map(([filePath, content]) => ({ path: filePath, content }));
  const tree = await buildTree(repoPath, undefined, changes);
  const commit = await commitTree(repoPath, tree, [], options);
  await moveBranch(repoPath, options.branch, commit, undefined);
  return commit;
}

export interface FileCommitOptions extends CommitOptions {
  /** The branch the change is based on. */
  branch: string;
  /** Commit onto this new branch (created from `branch`) instead of moving `branch`. */
  newBranch?: string;
  filePath: string;
  /**
   * What the caller believes is there now: the blob sha it read (update), null for
   * "no file yet" (create), undefined to not check. A mismatch is a GitConflictError.
   */
  expectedBlobSha?: string | null;
}

export interface FileCommitResult {
  commitSha: string;
  /** The blob written, or undefined for a deletion. */
  blobSha?: string;
  /** The blob that was replaced or deleted, if any. */
  previousBlobSha?: string;
}

/** Creates or replaces one file with a new commit (the contents API). */
export async function createOrUpdateFile(
  repoPath: string,
  options: FileCommitOptions & { content: Buffer | string; executable?: boolean },
): Promise<FileCommitResult> {
  return commitFileChange(repoPath, options, { path: options.filePath, content: options.content, executable: options.executable });
}

/** Deletes one file with a new commit; the file must exist. */
export async function deleteFile(repoPath: string, options: FileCommitOptions): Promise<FileCommitResult> {
  return commitFileChange(repoPath, options, { path: options.filePath, content: null });
}

async function commitFileChange(repoPath: string, options: FileCommitOptions, change: FileChange): Promise<FileCommitResult> {
  const { commitSha, files } = await commitChanges(repoPath, {
    ...options,
    changes: [{ ...change, expectedBlobSha: options.expectedBlobSha }],
  });
  return { commitSha, blobSha: files[0].blobSha, previousBlobSha: files[0].previousBlobSha };
}

/** A file to write or delete, with what the caller believes is there now. */
export interface CheckedFileChange extends FileChange {
  /** The blob sha expected at the path (update, delete), null for "no file yet" (create), undefined to not check. */
  expectedBlobSha?: string | null;
}

export interface ChangesCommitOptions extends CommitOptions {
  /** The branch the change is based on. */
  branch: string;
  /** Commit onto this new branch (created from `branch`) instead of moving `branch`. */
  newBranch?: string;
  changes: readonly CheckedFileChange[];
}

export interface ChangesCommitResult {
  commitSha: string;
  /** Per change, in order: the blob written (absent for a deletion) and the one it replaced, if any. */
  files: { path: string; blobSha?: string; previousBlobSha?: string }[];
}

/**
 * Writes and deletes several files in one commit (the contents API's batch form). Every
 * expectation is checked against the branch before anything is written; the branch moves
 * only if nobody moved it meanwhile.
 */
export async function commitChanges(repoPath: string, options: ChangesCommitOptions): Promise<ChangesCommitResult> {
  const paths = options.changes.map((change) => assertWritableTreePath('file path', change.path));
  const twice = paths.find((filePath, i) => paths.indexOf(filePath) !== i);
  if (twice !== undefined) throw new InvalidGitInputError('files', twice, 'names the same path twice');
  const parent = await baseCommitFor(repoPath, options.branch);
  const previous = parent === undefined ? new Map<string, TreeEntry>() : await statPaths(repoPath, parent, paths);
  for (const change of options.changes) checkChange(change, previous.get(change.path));
  const target = await targetBranch(repoPath, options);
  const tree = await buildTree(repoPath, parent, options.changes);
  const commitSha = await commitTree(repoPath, tree, parent === undefined ? [] : [parent], options);
  await moveBranch(repoPath, target, commitSha, target === options.branch ? parent : undefined);
  const written = await statPaths(
    repoPath,
    commitSha,
    paths.filter((_, i) => options.changes[i].content !== null),
  );
  return {
    commitSha,
    files: paths.map((filePath) => ({ path: filePath, blobSha: written.get(filePath)?.sha, previousBlobSha: previous.get(filePath)?.sha })),
  };
}

/** A change must meet the caller's expectation, replace only files, and delete only what exists. */
function checkChange(change: CheckedFileChange, current: TreeEntry | undefined): void {
  if (current !== undefined && current.type !== 'blob') throw new GitConflictError(`${change.path} is a directory or submodule`);
  checkExpectation(change.path, change.expectedBlobSha, current?.sha);
  if (change.content === null && current === undefined) throw new GitNotFoundError(`file ${change.path} does not exist`);
}

/** The branch the commit lands on: `newBranch` (which must not exist yet) or `branch`. */
async function targetBranch(repoPath: string, options: { branch: string; newBranch?: string }): Promise<string> {
  if (options.newBranch === undefined) return options.branch;
  if ((await branchTip(repoPath, assertRefName('new branch', options.newBranch))) !== undefined) {
    throw new GitConflictError(`branch ${options.newBranch} already exists`);
  }
  return options.newBranch;
}

export interface PatchCommitOptions extends CommitOptions {
  branch: string;
  newBranch?: string;
  /** A unified diff as `git diff` or `git format-patch` writes it. */
  patch: Buffer | string;
}

/**
 * Applies a patch to the branch with one new commit (the diffpatch API), in a temporary
 * index like every other write: a patch that does not apply is an InvalidGitInputError
 * naming git's reason, and nothing is written to any branch.
 */
export async function applyPatch(repoPath: string, options: PatchCommitOptions): Promise<string> {
  const parent = await baseCommitFor(repoPath, options.branch);
  if (parent === undefined) throw new GitNotFoundError(`branch ${options.branch} does not exist`);
  const target = await targetBranch(repoPath, options);
  const tree = await withScratchIndex(async (env) => {
    await runGit(['read-tree', parent], { gitDir: repoPath, env });
    try {
      await runGit(['apply', '--cached', '--whitespace=nowarn', '-'], { gitDir: repoPath, env, input: options.patch });
    } catch (error) {
      if (error instanceof GitCommandError) throw new InvalidGitInputError('content', '(patch)', `does not apply: ${error.stderr.trim()}`);
      throw error;
    }
    return gitText(['write-tree'], { gitDir: repoPath, env });
  });
  const commitSha = await commitTree(repoPath, tree, [parent], options);
  await moveBranch(repoPath, target, commitSha, target === options.branch ? parent : undefined);
  return commitSha;
}

/** The tip of the branch, or undefined for the first commit of an empty repository. */
async function baseCommitFor(repoPath: string, branch: string): Promise<string | undefined> {
  const tip = await branchTip(repoPath, branch);
  if (tip !== undefined) return tip;
  if (await isEmpty(repoPath)) return undefined;
  throw new GitNotFoundError(`branch ${branch} does not exist`);
}

function checkExpectation(filePath: string, expected: string | null | undefined, currentSha: string | undefined): void {
  if (expected === undefined) return;
  if (expected === null && currentSha !== undefined) throw new GitConflictError(`file ${filePath} already exists`);
  if (expected !== null && expected !== currentSha) {
    throw new GitConflictError(`file ${filePath} is not at blob ${expected} (it changed or does not exist)`);
  }
}

/** A lightweight tag at a revision; an existing tag is a GitConflictError. Returns the commit. */
export async function createTag(repoPath: string, tag: string, target: string): Promise<string> {
  assertRefName('tag', tag);
  const commit = await resolveCommit(repoPath, target);
  await updateRef(repoPath, `refs/tags/${tag}`, commit, '', `tag ${tag} already exists`);
  return commit;
}

/** Deletes a tag; a tag that is not there is a GitNotFoundError (git itself deletes a missing ref without complaint). */
export async function deleteTag(repoPath: string, tag: string): Promise<void> {
  assertRefName('tag', tag);
  const ref = `refs/tags/${tag}`;
  const found = await runGit(['rev-parse', '--verify', '--quiet', ref], { gitDir: repoPath, allowedExitCodes: [0, 1] });
  // Deleted only if still at the value read: a tag deleted meanwhile is not found either.
  const deleted =
    found.exitCode === 0 &&
    (await runGit(['update-ref', '-d', ref, found.stdout.toString('utf8').trim()], { gitDir: repoPath, allowedExitCodes: [0, 1] }))
      .exitCode === 0;
  if (!deleted) throw new GitNotFoundError(`tag ${tag} does not exist`);
}

/** Builds a tree from a commit's tree (or nothing) plus changes, in a temporary index. */
export async function buildTree(repoPath: string, baseCommit: string | undefined, changes: readonly FileChange[]): Promise<string> {
  return withScratchIndex(async (env) => {
    await runGit(baseCommit === undefined ? ['read-tree', '--empty'] : ['read-tree', baseCommit], { gitDir: repoPath, env });
    changes.forEach((change) => assertWritableTreePath('file path', change.path));
    await assertNoFileDirectoryClash(repoPath, baseCommit, changes);
    const entries: string[] = [];
    for (const change of changes) entries.push(await indexEntryFor(repoPath, baseCommit, change));
    await updateIndex(repoPath, env, entries.join(''));
    return gitText(['write-tree'], { gitDir: repoPath, env });
  });
}

/** Runs `work` with a throw-away index file (GIT_INDEX_FILE), removed afterwards whatever happens. */
async function withScratchIndex<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bellows-index-'));
  try {
    return await work({ GIT_INDEX_FILE: path.join(scratch, 'index') });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The index happily holds a file "a" next to "a/b" and write-tree would then write a broken
 * tree, so a file written where a directory is, or below a file, is refused up front.
 */
async function assertNoFileDirectoryClash(repoPath: string, baseCommit: string | undefined, changes: readonly FileChange[]): Promise<void> {
  const written = changes.filter((change) => change.content !== null).map((change) => change.path);
  const parentsOf = (file: string) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  const clash = (file: string) => new GitConflictError(`${file} conflicts with an existing file or directory`);
  for (const file of written) {
    if (parentsOf(file).some((dir) => written.includes(dir))) throw clash(file);
  }
  if (baseCommit === undefined || written.length === 0) return;
  const existing = await statPaths(repoPath, baseCommit, [...new Set(written.flatMap((file) => [file, ...parentsOf(file)]))]);
  for (const file of written) {
    if (existing.get(file)?.type === 'tree') throw clash(file);
    if (
      parentsOf(file).some((dir) => {
        const entry = existing.get(dir);
        return entry !== undefined && entry.type !== 'tree';
      })
    )
      throw clash(file);
  }
}

/**
 * One `update-index -z --index-info` record: "<mode> <sha>\t<path>\0". Mode 0 removes the
 * path; this form (unlike --cacheinfo or --force-remove) needs no work tree and takes any
 * file name byte for byte.
 */
async function indexEntryFor(repoPath: string, baseCommit: string | undefined, change: FileChange): Promise<string> {
  if (change.content === null) {
    if (baseCommit === undefined) throw new GitNotFoundError(`file ${change.path} does not exist`);
    return `0 ${'0'.repeat(baseCommit.length)}\t${change.path}\0`;
  }
  const blob = await gitText(['hash-object', '-w', '--stdin'], { gitDir: repoPath, input: change.content });
  return `${change.executable ? '100755' : '100644'} ${blob}\t${change.path}\0`;
}

async function updateIndex(repoPath: string, env: Record<string, string>, records: string): Promise<void> {
  try {
    await runGit(['update-index', '-z', '--add', '--index-info'], { gitDir: repoPath, env, input: records });
  } catch (error) {
    // A file where a directory is (or the reverse): the user's path, not a server fault.
    if (error instanceof GitCommandError)
      throw new GitConflictError(`a path conflicts with an existing file or directory: ${error.stderr.trim()}`);
    throw error;
  }
}

async function commitTree(repoPath: string, tree: string, parents: readonly string[], options: CommitOptions): Promise<string> {
  if (typeof options.message !== 'string' || options.message.trim() === '') {
    throw new InvalidGitInputError('message', String(options.message), 'must not be empty');
  }
  const parentArgs = parents.flatMap((parent) => ['-p', parent]);
  return gitText(['commit-tree', tree, ...parentArgs, '-F', '-'], {
    gitDir: repoPath,
    // As `git commit` does, a message ends with a newline.
    input: options.message.endsWith('\n') ? options.message : `${options.message}\n`,
    env: { ...identityEnv('AUTHOR', options.author), ...identityEnv('COMMITTER', options.committer ?? options.author) },
  });
}

/** The environment that makes git write `identity` as a commit's author or committer. */
export function identityEnv(role: 'AUTHOR' | 'COMMITTER', identity: GitIdentity): Record<string, string> {
  const seconds = Math.floor((identity.date ?? new Date()).getTime() / 1000);
  return {
    [`GIT_${role}_NAME`]: assertIdentityText(`${role.toLowerCase()} name`, identity.name),
    [`GIT_${role}_EMAIL`]: assertIdentityText(`${role.toLowerCase()} email`, identity.email),
    [`GIT_${role}_DATE`]: `@${seconds} +0000`,
  };
}

/** Points a branch at a commit if it still is at `expected` (undefined: must not exist yet). */
async function moveBranch(repoPath: string, branch: string, commit: string, expected: string | undefined): Promise<void> {
  await updateRef(repoPath, `refs/heads/${branch}`, commit, expected ?? '', `branch ${branch} was changed by someone else; try again`);
}

async function updateRef(repoPath: string, ref: string, value: string, expected: string, conflictMessage: string): Promise<void> {
  try {
    await runGit(['update-ref', ref, value, expected], { gitDir: repoPath });
  } catch (error) {
    if (error instanceof GitCommandError) throw new GitConflictError(conflictMessage);
    throw error;
  }
}
