import { Issue } from '../issues/issue';

/** Where a thread stands for its user; `pinned` threads stay pinned when new events arrive. */
export type NotificationStatus = 'unread' | 'read' | 'pinned';

/**
 * What a thread is about (Forgejo also knows commits and repositories; Bellows
 * notifies on issues and pulls, and on quota warnings: an owner's storage
 * crossing a `[quota] WARN_AT` threshold, about no repository).
 */
export type NotificationSource = 'issue' | 'pull' | 'quota';

/**
 * A notification thread: one per user and issue (or pull request). Each new
 * event on the issue makes the thread unread again and moves its update date.
 * A quota thread (source `quota`) points at one quota event instead, and has
 * no repository or issue.
 */
export interface NotificationThread {
  id: number;
  userId: number;
  /** Null for a quota thread. */
  repoId: number | null;
  /** Null for a quota thread. */
  issueId: number | null;
  /** The quota event a `quota` thread is about (null for the others). */
  quotaEventId: number | null;
  /** The issue, when the store loads it with the thread (lists and look-ups do). */
  issue?: Issue;
  /** The latest comment the thread points at; it may since have been deleted. */
  commentId: number | null;
  status: NotificationStatus;
  source: NotificationSource;
  createdAt: Date;
  updatedAt: Date;
}

/** Which of a user's threads a list or a bulk status change concerns. */
export interface NotificationFilter {
  repoId?: number;
  /** Empty or absent: any status. */
  statuses?: readonly NotificationStatus[];
  /** Absent: any source; empty: none (a subject type Bellows never notifies about). */
  sources?: readonly NotificationSource[];
  /** Updated at or after. */
  updatedAfter?: Date;
  /** Updated at or before. */
  updatedBefore?: Date;
}

/** What a new event on an issue tells its recipients. */
export interface NotificationEvent {
  repoId: number;
  issueId: number;
  commentId: number | null;
  source: NotificationSource;
  at: Date;
}
