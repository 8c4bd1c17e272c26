import { Owner } from '../accounts/owner';
import { Issue } from './issue';

/** The `type` of a user's comment (Forgejo's comment type 0); every other type is an event. */
export const USER_COMMENT_TYPE = 0;

/**
 * One entry of an issue's timeline: a user's comment (type 0) or an event (a
 * label added, the title changed, a reference from another issue, …). `type`
 * uses Forgejo's comment type numbers, so the API can name it as Forgejo does.
 * Only the columns of the event's kind are set.
 */
export interface IssueComment {
  id: number;
  issueId: number;
  /** The issue, when the store loads it with the entry (lists over a whole repository). */
  issue?: Issue;
  type: number;
  /** Who wrote it or caused the event; null once that account is deleted (the ghost user). */
  posterId: number | null;
  /** The poster, when the store loads it with the entry (null: the account is gone). */
  poster?: Owner | null;
  /** The comment's text (type 0); empty for most events. */
  content: string;
  createdAt: Date;
  updatedAt: Date;
  /** Label events: the label added or removed. */
  labelId: number | null;
  /** Milestone events: the milestone left and the one entered (null: none). */
  oldMilestoneId: number | null;
  milestoneId: number | null;
  /** Assignee events: the user assigned or unassigned. */
  assigneeId: number | null;
  /** Label and assignee events: true when the label or assignee was removed rather than added. */
  isRemoval: boolean;
  /** Title changes. */
  oldTitle: string | null;
  newTitle: string | null;
  /** Cross-references: the issue (and comment, when a comment made it) that mentions this issue. */
  refIssueId: number | null;
  refCommentId: number | null;
  /** Time entries (add, stop, delete): the tracked time they are about. */
  timeId?: number | null;
  /** Dependency entries: the other issue of the dependency. */
  dependentIssueId?: number | null;
}

/** The fields of a timeline entry; everything not given is left empty (`updatedAt` defaults to `createdAt`). */
export type NewComment = Pick<IssueComment, 'issueId' | 'type' | 'posterId' | 'createdAt'> &
  Partial<Omit<IssueComment, 'id' | 'issue' | 'poster' | 'issueId' | 'type' | 'posterId' | 'createdAt'>>;

/** The columns of a comment an edit may write. */
export type CommentChanges = Partial<Pick<IssueComment, 'content' | 'updatedAt'>>;

/** Entries updated within these bounds (both inclusive; absent: unbounded). */
export interface CommentPeriod {
  since?: Date;
  before?: Date;
}
