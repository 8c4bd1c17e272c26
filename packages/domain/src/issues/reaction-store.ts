import type { Reaction, ReactionWithUser } from './reaction';

/** Where a reaction is: on the issue itself, or on one of its comments. */
export interface ReactionTarget {
  issueId: number;
  commentId: number | null;
}

/**
 * Port: users' reactions. A user leaves each reaction once per issue or
 * comment; reactions go with their issue, comment or user.
 */
export abstract class ReactionStore {
  /** Adds the reaction, or finds the same one left before (created false). */
  abstract add(target: ReactionTarget, userId: number, content: string, at: Date): Promise<{ reaction: Reaction; created: boolean }>;
  /** Takes the user's reaction back; false when there was none. */
  abstract remove(target: ReactionTarget, userId: number, content: string): Promise<boolean>;
  /** The reactions on the target, oldest first, with their users; paged, and how many there are. */
  abstract list(target: ReactionTarget, skip: number, take: number): Promise<[ReactionWithUser[], number]>;
}
