import type { NewComment } from '../issues/comment';
import { NewPullRequest, PullRequest, PullRequestChanges, PullRequestMerge, PullRequestState, PullRequestWithIssue } from './pull-request';

/** Port: pull requests of repositories, numbered in the sequence of their issues. */
export abstract class PullRequestStore {
  /** Inserts the issue (taking the repository's next number, never one given out before) and its pull request together. */
  abstract create(input: NewPullRequest): Promise<PullRequestWithIssue>;
  /** The pull request of that number in the repository; null when there is none (or the number is an issue's). */
  abstract findByIndex(repoId: number, index: number): Promise<PullRequestWithIssue | null>;
  /** The open pull request proposing `headBranch` (of `headRepoId`, the repository itself when not given) for `baseBranch`, if there is one. */
  abstract findOpen(repoId: number, headBranch: string, baseBranch: string, headRepoId?: number): Promise<PullRequestWithIssue | null>;
  /** The open pull requests (of other repositories) whose head branch lives in `headRepoId`: the ones a push to that fork moves. */
  abstract openFromHeadRepository(headRepoId: number): Promise<PullRequestWithIssue[]>;
  /** A page of the repository's pull requests in that state, newest (highest number) first, and the total number. */
  abstract list(repoId: number, state: PullRequestState, skip: number, take: number): Promise<[PullRequestWithIssue[], number]>;
  /** The newest pull request (any state) proposing `headBranch` for `baseBranch`, if there is one. */
  abstract findLatest(repoId: number, headBranch: string, baseBranch: string): Promise<PullRequestWithIssue | null>;
  /** The pull request of the repository merged as `commitId` (its merge, squash or rebase result), if any. */
  abstract findByMergedCommit(repoId: number, commitId: string): Promise<PullRequestWithIssue | null>;
  /**
   * Writes exactly the given columns of the pull request and of its issue, by
   * id, in one transaction (the issue's update date too), so what another
   * request changed meanwhile in other columns stays. False, writing nothing,
   * when the issue is gone: a deleted pull request never comes back. The
   * timeline `events` are stored in the same transaction.
   */
  abstract update(pull: Pick<PullRequest, 'id' | 'issueId'>, changes: PullRequestChanges, events?: readonly NewComment[]): Promise<boolean>;
  /**
   * Records the merge and closes the issue, with the timeline `events`, in one
   * transaction, only if the pull request is not merged yet. False, writing
   * nothing, when it is merged already or gone.
   */
  abstract markMerged(pull: Pick<PullRequest, 'id' | 'issueId'>, merge: PullRequestMerge, events: readonly NewComment[]): Promise<boolean>;
}
