import { issueDateUnlessExplicit, IssueDates, OperationContext, resolveOperationDate } from './operation-date';
import { MilestoneDates, milestoneUpdateDate } from './milestone-date';

/**
 * The dates to store for the back-datable operations on an issue itself. Each
 * function applies the guard when `updated_at` is given (throwing
 * UpdateDateValidationError or UpdateDatePermissionError), so a caller that
 * stores what it returns cannot bypass it.
 */

export interface EditIssueState {
  readonly issue: IssueDates;
  /** Present when the edit puts the issue into a milestone (a different one, or one where it had none). */
  readonly newMilestone?: MilestoneDates;
}

export interface EditIssueDates {
  readonly issueUpdatedAt: Date;
  /** The new milestone's update date; absent when the edit does not change the milestone. */
  readonly milestoneUpdatedAt?: Date;
}

/** Edit issue: the issue's update date becomes the given date (else now). */
export function editIssueDates({ issue, newMilestone }: EditIssueState, context: OperationContext): EditIssueDates {
  const { date } = resolveOperationDate(issue, context);
  if (!newMilestone) return { issueUpdatedAt: date };
  return { issueUpdatedAt: date, milestoneUpdatedAt: milestoneUpdateDate(newMilestone, date) };
}

export interface AddLabelsDates {
  /** The timeline event recording the label change. */
  readonly labelEventCreatedAt: Date;
  readonly issueUpdatedAt: Date;
}

/**
 * Add labels: the label event gets the given date (else now). With an explicit
 * date the issue's update date is left as it is, as in Forgejo: the policy gives
 * the date to the event only, and the automatic update is suppressed.
 */
export function addLabelsDates(issue: IssueDates, context: OperationContext): AddLabelsDates {
  const operation = resolveOperationDate(issue, context);
  return { labelEventCreatedAt: operation.date, issueUpdatedAt: issueDateUnlessExplicit(issue, operation) };
}

export interface IssueAttachmentDates {
  readonly attachmentCreatedAt: Date;
  /** The timeline event recording that the issue's content changed. */
  readonly contentEventCreatedAt: Date;
  readonly issueUpdatedAt: Date;
}

/**
 * Create issue attachment: the attachment and the content-change event get the
 * given date (else now); with an explicit date the issue's update date is left
 * as it is, like for labels.
 */
export function createIssueAttachmentDates(issue: IssueDates, context: OperationContext): IssueAttachmentDates {
  const operation = resolveOperationDate(issue, context);
  return {
    attachmentCreatedAt: operation.date,
    contentEventCreatedAt: operation.date,
    issueUpdatedAt: issueDateUnlessExplicit(issue, operation),
  };
}
