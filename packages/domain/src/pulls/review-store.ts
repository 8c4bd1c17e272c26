import { NewPullReview, NewPullReviewComment, PullReview, PullReviewComment, SubmittedReviewState } from './review';

/** What submitting a pending review writes. */
export interface ReviewSubmissionRecord {
  state: SubmittedReviewState;
  body: string;
  commitId: string;
  official: boolean;
  submittedAt: Date;
}

/**
 * Port: the reviews of pull requests and their line comments. Every change is
 * written by id with a condition on what it changes, so two requests on the same
 * review never overwrite each other.
 */
export abstract class PullReviewStore {
  /** Inserts the review and its comments in one transaction. */
  abstract create(review: NewPullReview, comments: readonly NewPullReviewComment[]): Promise<PullReview>;
  /** The review of that id on the pull request's issue; null otherwise. */
  abstract findById(issueId: number, reviewId: number): Promise<PullReview | null>;
  /** The reviewer's pending review of the pull request, if any (there is at most one). */
  abstract findPending(issueId: number, reviewerId: number): Promise<PullReview | null>;
  /** Every review of the pull request, oldest first. */
  abstract list(issueId: number): Promise<PullReview[]>;
  /** Submits a pending review; false, writing nothing, when it is not pending (any more) or gone. */
  abstract submit(reviewId: number, submission: ReviewSubmissionRecord): Promise<boolean>;
  /** Sets `dismissed`; false when the review is gone. */
  abstract setDismissed(reviewId: number, dismissed: boolean): Promise<boolean>;
  /** Deletes the review and its comments; false when it was gone. */
  abstract delete(reviewId: number): Promise<boolean>;
  /** Adds comments to a review, all or none; the review's `commitId` is theirs. Empty when the review is gone. */
  abstract addComments(
    review: Pick<PullReview, 'id' | 'commitId'>,
    authorId: number,
    comments: readonly NewPullReviewComment[],
  ): Promise<PullReviewComment[]>;
  /** A review's comments, oldest first. */
  abstract comments(reviewId: number): Promise<PullReviewComment[]>;
  /** How many comments each of the reviews has. */
  abstract commentCounts(reviewIds: readonly number[]): Promise<Map<number, number>>;
  abstract deleteComment(reviewId: number, commentId: number): Promise<boolean>;
  /**
   * Records that each of the users is asked to review (a REQUEST_REVIEW row), unless
   * they already are; returns the request rows of all of them.
   */
  abstract requestReviews(issueId: number, reviewerIds: readonly number[], commitId: string): Promise<PullReview[]>;
  /** Withdraws the requests to those users; how many there were. */
  abstract withdrawRequests(issueId: number, reviewerIds: readonly number[]): Promise<number>;
}
