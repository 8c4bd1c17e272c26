import type { Owner } from '../accounts/owner';

/**
 * The reactions users may leave on issues, pull requests and comments:
 * Forgejo's default `[ui] REACTIONS`, in its order. `/settings/ui` lists the
 * same ones, so clients offer exactly what the API accepts.
 */
export const ALLOWED_REACTIONS: readonly string[] = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'];

export function isAllowedReaction(content: string): boolean {
  return ALLOWED_REACTIONS.includes(content);
}

/** One user's reaction on an issue (commentId null) or on one of its comments. */
export interface Reaction {
  id: number;
  issueId: number;
  commentId: number | null;
  userId: number;
  content: string;
  createdAt: Date;
}

export interface ReactionWithUser extends Reaction {
  user: Owner;
}
