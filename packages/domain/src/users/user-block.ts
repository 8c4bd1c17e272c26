/** A user or an organization (`blockerId`) blocking a user (`blockedId`), as Forgejo's BlockedUser. */
export interface UserBlock {
  id: number;
  blockerId: number;
  blockedId: number;
  createdAt: Date;
}

/**
 * Port: users blocked by users or organizations. Blocking is one transaction
 * with its effects, as Forgejo's: the two stop following each other, and the
 * blocked user stops watching and collaborating on the blocker's repositories
 * (counters moved in place).
 */
export abstract class UserBlockStore {
  /** Blocks, with its effects; false (and nothing changed) when it was blocked already. */
  abstract block(blockerId: number, blockedId: number): Promise<boolean>;
  /** False when it was not blocked. */
  abstract unblock(blockerId: number, blockedId: number): Promise<boolean>;
  abstract isBlocked(blockerId: number, blockedId: number): Promise<boolean>;
  /** One page of the blocker's blocks, oldest first, and the number of all. */
  abstract blocksOf(blockerId: number, skip: number, take: number): Promise<[UserBlock[], number]>;
}
