/**
 * Reviews of pull requests, as in Forgejo: a reviewer's verdict on the head
 * commit they looked at, with comments on lines of the diff. A review starts
 * PENDING (only its author sees it) until it is submitted as APPROVED,
 * REQUEST_CHANGES or COMMENT; a REQUEST_REVIEW row records that someone was
 * asked to review.
 */
export const REVIEW_STATES = ['PENDING', 'APPROVED', 'REQUEST_CHANGES', 'COMMENT', 'REQUEST_REVIEW'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The states a review can be submitted as. */
export const SUBMITTED_REVIEW_STATES = ['APPROVED', 'REQUEST_CHANGES', 'COMMENT'] as const;
export type SubmittedReviewState = (typeof SUBMITTED_REVIEW_STATES)[number];

export interface PullReview {
  id: number;
  /** The pull request's issue. */
  issueId: number;
  reviewerId: number;
  state: ReviewState;
  body: string;
  /** The head commit the reviewer looked at. */
  commitId: string;
  /** Made by someone who may write the repository: only official verdicts count toward required approvals. */
  official: boolean;
  dismissed: boolean;
  createdAt: Date;
  updatedAt: Date;
  submittedAt: Date | null;
}

export type NewPullReview = Omit<PullReview, 'id' | 'createdAt' | 'updatedAt' | 'dismissed'>;

/** A comment on one line of the diff, inside a review. */
export interface PullReviewComment {
  id: number;
  reviewId: number;
  authorId: number;
  path: string;
  /** The line in the new file (> 0) or, negated, in the old file (< 0); 0 for the file as a whole. */
  line: number;
  body: string;
  commitId: string;
  createdAt: Date;
  updatedAt: Date;
}

export type NewPullReviewComment = Pick<PullReviewComment, 'path' | 'line' | 'body'>;

/** What the API's CreatePullReviewComment says: a line on the new side, or on the old side. */
export interface ReviewCommentPosition {
  newPosition?: number;
  oldPosition?: number;
}

/** The signed line a comment is stored at (new side positive, old side negative), or an error message. */
export function reviewCommentLine({ newPosition, oldPosition }: ReviewCommentPosition): number | string {
  const given = (n: number | undefined) => n !== undefined && n !== 0;
  if (given(newPosition) && given(oldPosition)) return 'give new_position or old_position, not both';
  if (given(newPosition)) return newPosition! > 0 ? newPosition! : 'new_position must be a positive line number';
  if (given(oldPosition)) return oldPosition! > 0 ? -oldPosition! : 'old_position must be a positive line number';
  return 0;
}

/** Who submits what, on which pull request, with how much said. */
export interface ReviewSubmission {
  state: SubmittedReviewState;
  body: string;
  commentCount: number;
  /** The reviewer opened the pull request. */
  byPoster: boolean;
  pullIsClosed: boolean;
}

/** Why a submission is refused (Forgejo's rules), or undefined when it may be submitted. */
export function refusalOf(submission: ReviewSubmission): string | undefined {
  const verdict = submission.state === 'APPROVED' ? 'approve' : submission.state === 'REQUEST_CHANGES' ? 'request changes on' : undefined;
  if (verdict && submission.byPoster) return `you cannot ${verdict} your own pull request`;
  if (verdict && submission.pullIsClosed) return `you cannot ${verdict} a closed pull request`;
  if (submission.state === 'REQUEST_CHANGES' && submission.body.trim() === '') return 'body: say which changes you request';
  if (submission.state === 'COMMENT' && submission.body.trim() === '' && submission.commentCount === 0) {
    return 'body: a comment review needs a body or line comments';
  }
  return undefined;
}

/** A review others may see: submitted ones and requests; a pending review only to its author. */
export function isVisibleTo(review: PullReview, viewerId: number | undefined): boolean {
  return review.state !== 'PENDING' || review.reviewerId === viewerId;
}

/** Only verdicts can be dismissed (and undismissed). */
export function isDismissable(review: PullReview): boolean {
  return review.state === 'APPROVED' || review.state === 'REQUEST_CHANGES';
}

/**
 * Each reviewer's standing verdict: their latest official, undismissed APPROVED or
 * REQUEST_CHANGES review, made on `headSha` when given (an approval of an older head
 * is stale). Branch protection counts the approvals among these.
 */
export function standingVerdicts(reviews: readonly PullReview[], headSha?: string): Map<number, PullReview> {
  const verdicts = new Map<number, PullReview>();
  const ordered = [...reviews].sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) || a.id - b.id);
  for (const review of ordered) {
    if (!isDismissable(review) || !review.official || review.dismissed) continue;
    if (headSha !== undefined && review.commitId !== headSha) continue;
    verdicts.set(review.reviewerId, review);
  }
  return verdicts;
}

/** How many reviewers stand by an approval. */
export function approvalCount(reviews: readonly PullReview[], headSha?: string): number {
  return [...standingVerdicts(reviews, headSha).values()].filter((review) => review.state === 'APPROVED').length;
}
