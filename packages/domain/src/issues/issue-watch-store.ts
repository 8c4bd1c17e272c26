import type { Owner } from '../accounts/owner';

/**
 * Port: users' explicit subscriptions to issues and pull requests (Forgejo's
 * issue watches). A subscription adds the user to the issue's notification
 * audience; an explicit unsubscription takes them out of it even when they
 * watch the repository or take part in the issue.
 */
export abstract class IssueWatchStore {
  /** Records the user's choice (subscribed or not), replacing an earlier one. */
  abstract set(userId: number, issueId: number, watching: boolean, at: Date): Promise<void>;
  /** The user's explicit choice on the issue, or null when they made none. */
  abstract choiceOf(userId: number, issueId: number): Promise<boolean | null>;
  /** The users explicitly subscribed to the issue, oldest first, paged, and how many there are. */
  abstract subscribers(issueId: number, skip: number, take: number): Promise<[Owner[], number]>;
}
