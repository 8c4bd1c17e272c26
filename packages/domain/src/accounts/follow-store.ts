import type { Owner } from './owner';

/**
 * Port: users following users. Both users' counters (`numFollowers`,
 * `numFollowing`) move in the same transaction as the follow, in place.
 */
export abstract class FollowStore {
  /** `userId` follows `followId`; false when it did already. */
  abstract follow(userId: number, followId: number): Promise<boolean>;
  abstract unfollow(userId: number, followId: number): Promise<boolean>;
  abstract isFollowing(userId: number, followId: number): Promise<boolean>;
  /** Who follows the user, oldest first. */
  abstract followers(userId: number): Promise<Owner[]>;
  /** Whom the user follows, oldest first. */
  abstract following(userId: number): Promise<Owner[]>;
}
