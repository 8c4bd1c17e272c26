import { GitConflictError, InvalidGitInputError } from './errors';
import { gitText, runGit } from './run-git';
import type { GitIdentity } from './types';
import { identityEnv } from './write';

/** Where git keeps notes by default, and where Forgejo reads and writes them. */
const NOTES_REF = 'refs/notes/commits';
const OBJECT_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** A note on a commit. */
export interface GitNote {
  /** The note's text as git stores it (ending with a newline). */
  message: string;
  /** The commit of the notes history that last changed this note. */
  changedBy: string;
}

/** The note on `commit` (a full object id), or undefined when it has none. */
export async function readNote(repoPath: string, commit: string): Promise<GitNote | undefined> {
  assertObjectId(commit);
  const path = await notePath(repoPath, commit);
  if (path === undefined) return undefined;
  const message = (await runGit(['cat-file', 'blob', `${NOTES_REF}:${path}`], { gitDir: repoPath })).stdout.toString('utf8');
  const changedBy = await gitText(['log', '-1', '--format=%H', NOTES_REF, '--', path], { gitDir: repoPath });
  return { message, changedBy };
}

/**
 * Sets (adds or replaces) the note on `commit` as `author`. git moves the
 * notes ref with a lock and an expected old value, so of two writers at once
 * one fails; that one is told to try again (a conflict), never overwritten silently.
 */
export async function writeNote(repoPath: string, commit: string, message: string, author: GitIdentity): Promise<void> {
  assertObjectId(commit);
  if (typeof message !== 'string' || message.trim() === '') throw new InvalidGitInputError('message', String(message), 'must not be empty');
  const env = { ...identityEnv('AUTHOR', author), ...identityEnv('COMMITTER', author) };
  await notesCommand(repoPath, ['add', '-f', '-F', '-', commit], { input: message, env });
}

/** Removes the note on `commit`; false when there was none. */
export async function removeNote(repoPath: string, commit: string, author: GitIdentity): Promise<boolean> {
  assertObjectId(commit);
  if ((await notePath(repoPath, commit)) === undefined) return false;
  const env = { ...identityEnv('AUTHOR', author), ...identityEnv('COMMITTER', author) };
  await notesCommand(repoPath, ['remove', '--ignore-missing', commit], { env });
  return true;
}

/** The note's path in the notes tree, which git may fan out into folders (`ab/cdef…`). */
async function notePath(repoPath: string, commit: string): Promise<string | undefined> {
  const exists = await runGit(['rev-parse', '--verify', '--quiet', NOTES_REF], { gitDir: repoPath, allowedExitCodes: [0, 1] });
  if (exists.exitCode !== 0) return undefined;
  const listing = await runGit(['ls-tree', '-r', '-z', '--name-only', NOTES_REF], { gitDir: repoPath });
  return listing.stdout
    .toString('utf8')
    .split('\0')
    .find((path) => path !== '' && path.replace(/\//g, '') === commit);
}

async function notesCommand(repoPath: string, args: string[], options: { input?: string; env: Record<string, string> }): Promise<void> {
  const result = await runGit(['notes', `--ref=${NOTES_REF}`, ...args], { gitDir: repoPath, ...options, allowedExitCodes: [0, 1, 128] });
  if (result.exitCode === 0) return;
  if (/lock|failed to update ref|cannot update ref/i.test(result.stderr)) {
    throw new GitConflictError('the notes were changed by someone else at the same time; try again');
  }
  throw new Error(`git notes ${args[0]} failed: ${result.stderr.trim().slice(0, 500)}`);
}

function assertObjectId(commit: string): void {
  if (!OBJECT_ID.test(commit)) throw new InvalidGitInputError('commit', String(commit), 'must be a full object id');
}
