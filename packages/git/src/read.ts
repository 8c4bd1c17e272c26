import { GitContentTooLargeError, GitNotFoundError } from './errors';
import { streamGit, type GitStream } from './git-stream';
import { DIFF_ARGS, LOG_FORMAT, parseLog } from './diff-parser';
import { gitText, runGit } from './run-git';
import type { Branch, CommitWithFiles, Page, TreeEntry, TreeEntryType } from './types';
import { assertFullSha, assertRefName, assertRevision, assertTreePath } from './validation';

/** The commit a revision (branch, tag or commit id) points at, or undefined when there is none. */
export async function resolveRef(repoPath: string, revision: string): Promise<string | undefined> {
  assertRevision('revision', revision);
  const { stdout, exitCode } = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`], {
    gitDir: repoPath,
    allowedExitCodes: [0, 1, 128],
  });
  return exitCode === 0 ? stdout.toString('utf8').trim() : undefined;
}

/** Like {@link resolveRef}, but a missing revision is a GitNotFoundError. */
export async function resolveCommit(repoPath: string, revision: string): Promise<string> {
  const sha = await resolveRef(repoPath, revision);
  if (sha === undefined) throw new GitNotFoundError(`revision ${revision} does not exist`);
  return sha;
}

/** The commit a branch points at (only refs/heads, never a tag of the same name). */
export async function branchTip(repoPath: string, branch: string): Promise<string | undefined> {
  assertRefName('branch', branch);
  const { stdout, exitCode } = await runGit(['rev-parse', '--verify', '--quiet', '--end-of-options', `refs/heads/${branch}^{commit}`], {
    gitDir: repoPath,
    allowedExitCodes: [0, 1, 128],
  });
  return exitCode === 0 ? stdout.toString('utf8').trim() : undefined;
}

/** A repository without any branch or tag (Forgejo's `empty`). */
export async function isEmpty(repoPath: string): Promise<boolean> {
  const out = await gitText(['for-each-ref', '--count=1', '--format=%(refname)', 'refs/heads', 'refs/tags'], { gitDir: repoPath });
  return out === '';
}

export async function getDefaultBranch(repoPath: string): Promise<string> {
  const ref = await gitText(['symbolic-ref', 'HEAD'], { gitDir: repoPath });
  return ref.replace(/^refs\/heads\//, '');
}

export async function setDefaultBranch(repoPath: string, branch: string): Promise<void> {
  assertRefName('branch', branch);
  await runGit(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], { gitDir: repoPath });
}

const BRANCH_FIELDS = [
  '%(refname:strip=2)',
  '%(objectname)',
  '%(tree)',
  '%(parent)',
  '%(authorname)',
  '%(authoremail:trim)',
  '%(authordate:iso-strict)',
  '%(committername)',
  '%(committeremail:trim)',
  '%(committerdate:iso-strict)',
  '%(contents)',
];

/** All branches with their head commits, sorted by name. */
export async function listBranches(repoPath: string): Promise<Branch[]> {
  return readBranches(repoPath, 'refs/heads');
}

export async function getBranch(repoPath: string, name: string): Promise<Branch | undefined> {
  assertRefName('branch', name);
  const branches = await readBranches(repoPath, `refs/heads/${name}`);
  return branches.find((branch) => branch.name === name);
}

async function readBranches(repoPath: string, pattern: string): Promise<Branch[]> {
  // Each field ends with NUL; for-each-ref ends each ref with a newline, which therefore
  // starts the next ref's first field (a ref name never contains a newline).
  const { stdout } = await runGit(['for-each-ref', '--sort=refname', `--format=${BRANCH_FIELDS.join('%00')}%00`, pattern], {
    gitDir: repoPath,
  });
  const tokens = stdout.toString('utf8').split('\0');
  const branches: Branch[] = [];
  for (let i = 0; i + BRANCH_FIELDS.length <= tokens.length; i += BRANCH_FIELDS.length) {
    const [name, sha, tree, parents, an, ae, ad, cn, ce, cd, message] = tokens.slice(i, i + BRANCH_FIELDS.length);
    branches.push({
      name: name.replace(/^\n/, ''),
      commit: {
        sha,
        tree,
        parents: parents === '' ? [] : parents.split(' '),
        author: { name: an, email: ae, date: ad },
        committer: { name: cn, email: ce, date: cd },
        message,
      },
    });
  }
  return branches;
}

export interface ListCommitsOptions {
  /** Where to start: a branch, tag or commit id; the default branch when omitted. */
  sha?: string;
  /** Only commits touching this path. */
  path?: string;
  skip?: number;
  limit?: number;
}

/** A page of history, newest first, each commit with its changed files and line counts. */
export async function listCommits(repoPath: string, options: ListCommitsOptions = {}): Promise<Page<CommitWithFiles>> {
  const start = await resolveCommit(repoPath, options.sha ?? (await getDefaultBranch(repoPath)));
  const pathspec = options.path ? ['--', assertTreePath('path', options.path)] : [];
  const [items, total] = await Promise.all([
    logWithFiles(repoPath, [...pageArgs(options), start, ...pathspec]),
    countCommits(repoPath, [start, ...pathspec]),
  ]);
  return { items, total };
}

export async function getCommit(repoPath: string, revision: string): Promise<CommitWithFiles> {
  const sha = await resolveCommit(repoPath, revision);
  const [commit] = await logWithFiles(repoPath, ['--max-count=1', sha]);
  return commit;
}

export function pageArgs({ skip, limit }: { skip?: number; limit?: number }): string[] {
  const args: string[] = [];
  if (skip !== undefined) args.push(`--skip=${nonNegativeInteger('skip', skip)}`);
  if (limit !== undefined) args.push(`--max-count=${nonNegativeInteger('limit', limit)}`);
  return args;
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return value;
}

/**
 * `git log` with files. Merge commits are diffed against their first parent (what the
 * merge brought into the branch); `--full-diff` keeps all files of a commit even when the
 * history is limited to a path. Revision arguments must be validated or resolved already.
 */
export async function logWithFiles(repoPath: string, revisionArgs: readonly string[]): Promise<CommitWithFiles[]> {
  const { stdout } = await runGit(
    ['log', `--format=${LOG_FORMAT}`, ...DIFF_ARGS, '--root', '--diff-merges=first-parent', '--full-diff', ...revisionArgs],
    { gitDir: repoPath },
  );
  return parseLog(stdout.toString('utf8'));
}

export async function countCommits(repoPath: string, revisionArgs: readonly string[]): Promise<number> {
  return Number(await gitText(['rev-list', '--count', ...revisionArgs], { gitDir: repoPath }));
}

/** The entries of a directory (`dir` "" for the root) at a revision, directories first. */
export async function readTree(repoPath: string, revision: string, dir = ''): Promise<TreeEntry[]> {
  assertTreePath('directory', dir, { allowEmpty: true });
  const commit = await resolveCommit(repoPath, revision);
  if (dir !== '') {
    const entry = await statPath(repoPath, commit, dir);
    if (entry?.type !== 'tree') throw new GitNotFoundError(`directory ${dir} does not exist at ${revision}`);
  }
  const { stdout } = await runGit(['ls-tree', '-z', '-l', `${commit}:${dir}`], { gitDir: repoPath });
  const entries = parseLsTree(stdout.toString('utf8'), dir);
  return entries.sort((a, b) => Number(b.type === 'tree') - Number(a.type === 'tree') || a.name.localeCompare(b.name));
}

/** The entry at a path (file, directory, symlink or submodule), or undefined. */
export async function statPath(repoPath: string, revision: string, filePath: string): Promise<TreeEntry | undefined> {
  return (await statPaths(repoPath, revision, [filePath])).get(filePath);
}

/** The entries at several paths in one git call, keyed by path; missing paths are absent. */
export async function statPaths(repoPath: string, revision: string, filePaths: readonly string[]): Promise<Map<string, TreeEntry>> {
  filePaths.forEach((filePath) => assertTreePath('path', filePath));
  const commit = await resolveCommit(repoPath, revision);
  const { stdout } = await runGit(['ls-tree', '-z', '-l', '--full-tree', commit, '--', ...filePaths], { gitDir: repoPath });
  const wanted = new Set(filePaths);
  return new Map(
    parseLsTree(stdout.toString('utf8'), '')
      .filter((entry) => wanted.has(entry.path))
      .map((entry) => [entry.path, entry]),
  );
}

export function parseLsTree(output: string, dir: string): TreeEntry[] {
  return output
    .split('\0')
    .filter((line) => line !== '')
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, sha, size] = line.slice(0, tab).split(/ +/);
      const entryPath = line.slice(tab + 1);
      const name = entryPath.slice(entryPath.lastIndexOf('/') + 1);
      return {
        name,
        path: dir === '' ? entryPath : `${dir}/${entryPath}`,
        type: type as TreeEntryType,
        mode,
        sha,
        ...(size === '-' ? {} : { size: Number(size) }),
      };
    });
}

export interface BlobHandle {
  sha: string;
  size: number;
  mode: string;
  /** Streams the content (for raw downloads); nothing is read before this is called. */
  open(): GitStream;
}

/** A file at a revision; GitNotFoundError when the path is missing or not a file. */
export async function readBlob(repoPath: string, revision: string, filePath: string): Promise<BlobHandle> {
  const entry = await statPath(repoPath, revision, filePath);
  if (entry === undefined || entry.type !== 'blob') throw new GitNotFoundError(`file ${filePath} does not exist at ${revision}`);
  const { sha, size, mode } = entry;
  return { sha, size: size ?? 0, mode, open: () => openBlob(repoPath, sha) };
}

export function openBlob(repoPath: string, blobSha: string): GitStream {
  return streamGit(['cat-file', 'blob', assertFullSha('blob sha', blobSha)], { gitDir: repoPath });
}

/** A blob's bytes in memory, for small files (the contents API); larger than maxBytes is refused. */
export async function readBlobBytes(repoPath: string, blobSha: string, maxBytes: number): Promise<Buffer> {
  assertFullSha('blob sha', blobSha);
  const size = Number(await gitText(['cat-file', '-s', blobSha], { gitDir: repoPath }));
  if (size > maxBytes) throw new GitContentTooLargeError(`blob of ${size} bytes exceeds ${maxBytes}`);
  return (await runGit(['cat-file', 'blob', blobSha], { gitDir: repoPath })).stdout;
}
