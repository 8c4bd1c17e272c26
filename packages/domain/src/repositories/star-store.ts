import type { Owner } from '../accounts/owner';

/**
 * Port: users' stars on repositories. A repository's `numStars` follows every
 * star and unstar in the same transaction, written in place so that concurrent
 * stars never lose one.
 */
export abstract class StarStore {
  /** Stars the repository; false when the user starred it already. ContainerGoneError when the repository is gone. */
  abstract star(userId: number, repoId: number): Promise<boolean>;
  /** Takes the star back; false when there was none. */
  abstract unstar(userId: number, repoId: number): Promise<boolean>;
  abstract isStarred(userId: number, repoId: number): Promise<boolean>;
  /** The repositories the user starred, newest star first (ids). */
  abstract starredBy(userId: number): Promise<number[]>;
  /** The users who starred the repository, oldest star first, paged, and how many there are. */
  abstract stargazers(repoId: number, skip: number, take: number): Promise<[Owner[], number]>;
}
