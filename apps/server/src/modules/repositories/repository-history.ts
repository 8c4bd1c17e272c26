// The records git produces are the domain's; re-exported for this port's users.
export type { GitSignature, FileChangeStatus, ChangedFile, DiffStats, CommitInfo, CommitWithFiles, Page } from '@bellows/domain';
import type { ChangedFile, CommitWithFiles, Page } from '@bellows/domain';
/** Which commits a history lists. */
export interface ListCommitsOptions {
  /** Where to start: a branch, tag or commit id; the default branch when omitted. */
  sha?: string;
  /** Only commits touching this path. */
  path?: string;
  skip?: number;
  limit?: number;
}

/**
 * Application port: the history of a bare repository (given by its path, see
 * BareRepositories) and comparisons between two revisions. The repository
 * files, wiki and pull request use cases read commits through it; the git
 * adapter's functions implement it, bound in app/ports/git.ports.ts. Failures
 * are the errors of ./git-errors: an unknown revision is a GitNotFoundError, a
 * malformed one an InvalidGitInputError.
 */
export abstract class RepositoryHistory {
  /** A page of history, newest first, each commit with its changed files and line counts, and how many commits the history has. */
  abstract listCommits(repoPath: string, options?: ListCommitsOptions): Promise<Page<CommitWithFiles>>;
  /** One commit by sha or ref, with its files. */
  abstract getCommit(repoPath: string, revision: string): Promise<CommitWithFiles>;
  /** Commits reachable from `head` but not from `base` (`base..head`), newest first, with their files. */
  abstract commitsBetween(
    repoPath: string,
    base: string,
    head: string,
    page?: { skip?: number; limit?: number },
  ): Promise<Page<CommitWithFiles>>;
  /** What `head` changes since its merge base with `base`; GitNotFoundError when they share no history. */
  abstract changedFiles(repoPath: string, base: string, head: string): Promise<ChangedFile[]>;
  /** The best common ancestor of two revisions; undefined when they share no history. */
  abstract mergeBase(repoPath: string, base: string, head: string): Promise<string | undefined>;
  /** Whether `ancestor` is reachable from `descendant` (a revision is its own ancestor). */
  abstract isAncestor(repoPath: string, ancestor: string, descendant: string): Promise<boolean>;
}
