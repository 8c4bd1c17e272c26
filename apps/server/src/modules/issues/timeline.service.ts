import { Injectable } from '@nestjs/common';
import { IssueComment, NewComment, TransactionStores } from '@bellows/domain';
import { CommentTypeNumber } from './timeline-types';

/**
 * An entry to add to an issue's timeline: its kind, who caused it and when,
 * plus the columns of its kind (labelId, milestoneId/oldMilestoneId, oldTitle/
 * newTitle, refIssueId/refCommentId, assigneeId, isRemoval, content, …).
 */
export type TimelineEvent = Omit<NewComment, 'posterId' | 'type'> & {
  type: CommentTypeNumber;
  /** The user who caused the event. */
  actorId: number;
};

/**
 * Writes timeline entries. Every change to an issue that shows in its timeline
 * (labels, milestone, title, state, references, attachments) goes through
 * `record`, inside the transaction making the change, so the event and the
 * change are stored together or not at all.
 */
@Injectable()
export class TimelineService {
  /** Adds the event to the issue's timeline, in `tx` (the stores of `UnitOfWork.run`). */
  record(tx: Pick<TransactionStores, 'comments'>, { actorId, ...event }: TimelineEvent): Promise<IssueComment> {
    return tx.comments.insert({ ...event, posterId: actorId });
  }
}
