import { CrossReferenceEvent, crossReferenceEvents, MentioningIssue } from './cross-reference';
import { issueDateUnlessExplicit, IssueDates, OperationContext, resolveOperationDate } from './operation-date';

/**
 * The dates to store for the back-datable operations on comments. The guard is
 * the same as for the issue: the given date must lie between the creation of
 * the comment's issue and now.
 */

/** The issue a comment belongs to: its dates, and where it is for resolving `#N`. */
export interface CommentedIssue extends IssueDates, MentioningIssue {}

export interface CommentWriteDates {
  readonly commentUpdatedAt: Date;
  readonly issueUpdatedAt: Date;
  /** Cross-reference events the comment's text creates in the issues it mentions. */
  readonly crossReferences: CrossReferenceEvent[];
}

export interface CreateCommentDates extends CommentWriteDates {
  readonly commentCreatedAt: Date;
}

/**
 * Create comment: the given date (else now) is the comment's creation and update
 * date, becomes the issue's update date, and dates the cross-references.
 */
export function createCommentDates(issue: CommentedIssue, body: string, context: OperationContext): CreateCommentDates {
  const { date } = resolveOperationDate(issue, context);
  return {
    commentCreatedAt: date,
    commentUpdatedAt: date,
    issueUpdatedAt: date,
    crossReferences: crossReferenceEvents(body, issue, date),
  };
}

/**
 * Edit comment: the given date (else now) is the comment's update date, becomes
 * the issue's update date, and dates the cross-references of the new text (the
 * caller skips those already recorded for the comment).
 */
export function editCommentDates(issue: CommentedIssue, newBody: string, context: OperationContext): CommentWriteDates {
  const { date } = resolveOperationDate(issue, context);
  return { commentUpdatedAt: date, issueUpdatedAt: date, crossReferences: crossReferenceEvents(newBody, issue, date) };
}

export interface CommentAttachmentDates {
  readonly attachmentCreatedAt: Date;
  readonly commentUpdatedAt: Date;
  readonly issueUpdatedAt: Date;
}

/**
 * Create comment attachment: the given date (else now) is the attachment's
 * creation date and the comment's update date. With an explicit date the issue's
 * update date is left as it is: the policy applies the date to the comment only.
 */
export function createCommentAttachmentDates(issue: IssueDates, context: OperationContext): CommentAttachmentDates {
  const operation = resolveOperationDate(issue, context);
  return {
    attachmentCreatedAt: operation.date,
    commentUpdatedAt: operation.date,
    issueUpdatedAt: issueDateUnlessExplicit(issue, operation),
  };
}
