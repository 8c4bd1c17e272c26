import { DIFF_ARGS, parseDiff } from './diff-parser';
import { GitNotFoundError } from './errors';
import { streamGit, type GitStream } from './git-stream';
import { countCommits, logWithFiles, pageArgs, resolveCommit } from './read';
import { runGit } from './run-git';
import type { ChangedFile, CommitWithFiles, Page } from './types';

// Comparisons for pull requests: what `head` brings that `base` does not have yet.

/** The best common ancestor of two revisions, or undefined when the histories are unrelated. */
export async function mergeBase(repoPath: string, base: string, head: string): Promise<string | undefined> {
  const [baseSha, headSha] = await Promise.all([resolveCommit(repoPath, base), resolveCommit(repoPath, head)]);
  const { stdout, exitCode } = await runGit(['merge-base', baseSha, headSha], { gitDir: repoPath, allowedExitCodes: [0, 1] });
  return exitCode === 0 ? stdout.toString('utf8').trim() : undefined;
}

/** Commits reachable from `head` but not from `base` (`base..head`), newest first, with their files. */
export async function commitsBetween(
  repoPath: string,
  base: string,
  head: string,
  page: { skip?: number; limit?: number } = {},
): Promise<Page<CommitWithFiles>> {
  const [baseSha, headSha] = await Promise.all([resolveCommit(repoPath, base), resolveCommit(repoPath, head)]);
  const range = [headSha, `^${baseSha}`];
  const [items, total] = await Promise.all([logWithFiles(repoPath, [...pageArgs(page), ...range]), countCommits(repoPath, range)]);
  return { items, total };
}

/** The files `head` changes since it left `base` (the diff from their merge base, as `git diff base...head`). */
export async function changedFiles(repoPath: string, base: string, head: string): Promise<ChangedFile[]> {
  const ancestor = await mergeBase(repoPath, base, head);
  if (ancestor === undefined) throw new GitNotFoundError(`${base} and ${head} have no common history`);
  const headSha = await resolveCommit(repoPath, head);
  const { stdout } = await runGit(['diff', ...DIFF_ARGS, ancestor, headSha], { gitDir: repoPath });
  return parseDiff(stdout.toString('utf8'));
}

/** Whether `ancestor` is reachable from `descendant` (e.g. a pull request is merged). */
export async function isAncestor(repoPath: string, ancestor: string, descendant: string): Promise<boolean> {
  const [a, d] = await Promise.all([resolveCommit(repoPath, ancestor), resolveCommit(repoPath, descendant)]);
  const { exitCode } = await runGit(['merge-base', '--is-ancestor', a, d], { gitDir: repoPath, allowedExitCodes: [0, 1] });
  return exitCode === 0;
}

/**
 * What a pull request from `head` into `base` changes, streamed from git: `diff` from their
 * merge base to head (as `git diff base...head`), `patch` one mail per commit base lacks (as
 * `git format-patch base..head`). `binary` includes binary files' contents.
 */
export async function openPullDiff(
  repoPath: string,
  base: string,
  head: string,
  kind: 'diff' | 'patch',
  binary = false,
): Promise<GitStream> {
  const [baseSha, headSha] = await Promise.all([resolveCommit(repoPath, base), resolveCommit(repoPath, head)]);
  const binaryArgs = binary ? ['--binary'] : [];
  if (kind === 'patch') {
    return streamGit(
      ['-c', 'core.quotePath=false', 'format-patch', '--no-signature', '--stdout', ...binaryArgs, `${baseSha}..${headSha}`],
      {
        gitDir: repoPath,
      },
    );
  }
  const ancestor = await mergeBase(repoPath, baseSha, headSha);
  if (ancestor === undefined) throw new GitNotFoundError(`${base} and ${head} have no common history`);
  return streamGit(['-c', 'core.quotePath=false', 'diff', '-M', ...binaryArgs, ancestor, headSha], { gitDir: repoPath });
}
