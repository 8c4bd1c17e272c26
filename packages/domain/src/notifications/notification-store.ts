import { NotificationEvent, NotificationFilter, NotificationStatus, NotificationThread } from './notification-thread';

/**
 * Port: notification threads (one per user and issue), the explicit watchers
 * of repositories, and the participants of issues. Threads are read with their issue.
 */
export abstract class NotificationStore {
  /** The users watching the repository: explicit watchers, its owner (a user) or its organization's owners (no duplicates). */
  abstract repositoryWatcherIds(repoId: number, ownerId: number): Promise<number[]>;
  /** Makes the user an explicit watcher of the repository (nothing changes when they already are). */
  abstract watch(userId: number, repoId: number, at: Date): Promise<void>;
  abstract unwatch(userId: number, repoId: number): Promise<void>;
  /** Whether the user explicitly watches the repository (owners watch implicitly and are not counted here). */
  abstract isWatching(userId: number, repoId: number): Promise<boolean>;
  /** The users recorded as taking part in the issue. */
  abstract participantIds(issueId: number): Promise<number[]>;
  /**
   * Everyone an event on the issue may concern, before anyone's access is
   * checked: the repository's watchers (as `repositoryWatcherIds`), the
   * issue's participants and its assignees, each once, in one read.
   */
  abstract audienceOf(issueId: number, repoId: number, ownerId: number): Promise<number[]>;
  /** Records the users as taking part in the issue; those already recorded stay as they are. */
  abstract addParticipants(issueId: number, userIds: readonly number[]): Promise<void>;
  /**
   * Opens or refreshes each user's thread on the issue: it becomes unread
   * (a pinned thread stays pinned) and takes the event's date and comment
   * (a null comment keeps the thread's comment).
   */
  abstract notify(userIds: readonly number[], event: NotificationEvent): Promise<void>;
  /** Opens one unread `quota` thread per user about the quota event. */
  abstract notifyQuota(userIds: readonly number[], quotaEventId: number, at: Date): Promise<void>;
  /** One page of the user's threads matching the filter, most recently updated first, and how many match. */
  abstract list(userId: number, filter: NotificationFilter, skip: number, take: number): Promise<[NotificationThread[], number]>;
  /** How many of the user's threads are unread. */
  abstract countUnread(userId: number): Promise<number>;
  /** The thread (whoever's it is), or null. */
  abstract findById(id: number): Promise<NotificationThread | null>;
  abstract setStatus(id: number, status: NotificationStatus): Promise<void>;
  /** Sets the status of every matching thread of the user; returns the threads changed, as they are now, most recently updated first. */
  abstract setStatusWhere(userId: number, filter: NotificationFilter, status: NotificationStatus): Promise<NotificationThread[]>;
}
