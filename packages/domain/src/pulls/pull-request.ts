import type { Issue } from '../issues/issue';

/**
 * The git side of a pull request: which branch of its repository is proposed
 * for which other one. Its number, title, state and author are on its issue.
 */
export interface PullRequest {
  id: number;
  issueId: number;
  /**
   * The repository the head branch lives in: the pull request's own, or a
   * fork of it. Null once that fork is deleted: the pull request keeps its
   * last head in `refs/pull/{index}/head`.
   */
  headRepoId: number | null;
  headBranch: string;
  baseBranch: string;
  /** The common ancestor of head and base when the pull request was opened or retargeted. */
  mergeBase: string;
  hasMerged: boolean;
  mergedAt: Date | null;
  mergedCommitId: string | null;
  /** The user who merged it (or marked it merged); null until then. */
  mergerId: number | null;
}

/** The issue of a pull request: its number (shared with the repository's issues), text, state and author (`isPull` is true). */
export type PullRequestIssue = Omit<Issue, 'milestoneId'>;

/** A pull request with its issue (number, title, state) and the issue's poster loaded. */
export type PullRequestWithIssue = PullRequest & { issue: PullRequestIssue };

/** What opening a pull request takes (its issue gets the repository's next number). */
export interface NewPullRequest {
  repoId: number;
  posterId: number;
  title: string;
  body: string;
  /** The fork the head branch lives in; the pull request's own repository when not given. */
  headRepoId?: number;
  headBranch: string;
  baseBranch: string;
  mergeBase: string;
}

/** Whether the head branch lives in another repository than the pull request (a fork, or one since deleted). */
export function isFromAnotherRepository(pull: Pick<PullRequestWithIssue, 'headRepoId' | 'issue'>): boolean {
  return pull.headRepoId !== pull.issue.repoId;
}

/** Which pull requests a list shows. */
export type PullRequestState = 'open' | 'closed' | 'all';

/** The columns of a pull request, and of its issue, an edit may write. */
export interface PullRequestChanges {
  issue?: Partial<Pick<PullRequestIssue, 'title' | 'body' | 'isClosed' | 'closedAt'>>;
  pull?: Partial<Pick<PullRequest, 'baseBranch' | 'mergeBase'>>;
}

/** What merging a pull request records (its issue is closed at the same time). */
export interface PullRequestMerge {
  mergedAt: Date;
  mergedCommitId: string;
  mergerId: number;
}
