import type { GitIdentity } from '@bellows/domain';
import { GitConflictError } from '../repositories/git-errors';

/** How a pull request is merged (Forgejo's `Do`, except manually-merged, which writes no git data). */
export type MergeStyle = 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only';

export interface MergeCheck {
  /** Whether head merges into base without conflicts. */
  clean: boolean;
  /** The conflicting paths, sorted, each once. */
  conflictedFiles: string[];
}

export interface MergeOptions {
  style: MergeStyle;
  /** The branch that receives the merge. */
  baseBranch: string;
  /** The head commit to merge, as the caller read it. */
  headSha: string;
  /** The message of a merge or squash commit (rebased commits keep their own). */
  message: string;
  /** The merging user: committer of every new commit, author of a merge commit. */
  committer: GitIdentity;
  /** The author of a squash commit. */
  squashAuthor: GitIdentity;
}

export interface BranchUpdateOptions {
  /** The branch to bring up to date (a pull request's head). */
  branch: string;
  /** The commit it is to contain afterwards. */
  baseSha: string;
  style: 'merge' | 'rebase';
  /** The message of a merge commit. */
  message: string;
  committer: GitIdentity;
}

export interface MergeResult {
  previousBaseSha: string;
  /** The base branch after the merge. */
  baseSha: string;
}

/**
 * Application port: merging pull requests in a bare repository with git
 * plumbing. The git adapter (`packages/git/src/merge.ts`) implements it, bound
 * in app/ports/git.ports.ts. A check writes nothing to the repository; a merge
 * that fails leaves it as it was.
 */
export abstract class PullMerges {
  /** Whether `head` merges into `base` cleanly, and the conflicting files. */
  abstract checkMerge(repoPath: string, base: string, head: string): Promise<MergeCheck>;
  /**
   * Merges and moves the base branch only if it is still where it was read.
   * MergeConflictError on conflicts, MergeStyleError when the style cannot
   * apply (fast-forward-only on diverged branches), GitConflictError when the
   * base branch moved meanwhile.
   */
  abstract mergePullRequest(repoPath: string, options: MergeOptions): Promise<MergeResult>;
  /**
   * Brings `branch` up to date with `baseSha` by a merge commit or by replaying
   * its commits on it, moving it only if it is still where it was read (nothing
   * to do when it contains the base). MergeConflictError on conflicts,
   * GitConflictError when the branch moved meanwhile.
   */
  abstract updateBranch(repoPath: string, options: BranchUpdateOptions): Promise<MergeResult>;
  /**
   * Points `refs/pull/{index}/head` at `sha`, where the pull request's head is kept in the base repository:
   * whatever it held, or only if it still holds `expected` ('' for "not there yet"); false when it held something else.
   */
  abstract setRef(repoPath: string, ref: string, sha: string, expected?: string): Promise<boolean>;
  /** Deletes the branch if it still points at `expectedSha`; false otherwise. */
  abstract deleteBranchAt(repoPath: string, branch: string, expectedSha: string): Promise<boolean>;
}

/** Head and base conflict: `files` are the paths a person must resolve. */
export class MergeConflictError extends GitConflictError {
  constructor(
    message: string,
    readonly files: readonly string[],
  ) {
    super(message);
  }
}

/** The requested style cannot apply to these branches. */
export class MergeStyleError extends GitConflictError {}

/** Where a pull request's head is kept in its base repository (as Forgejo keeps it). */
export function pullHeadRef(index: number): string {
  return `refs/pull/${index}/head`;
}
