import type { Issue } from './issue';

/**
 * How many issues (and, apart from them, pull requests) a repository may have
 * pinned at once: Forgejo's default `[repository.issue] MAX_PINNED`.
 */
export const MAX_PINNED_ISSUES = 3;

/** The pinned issues of one kind in one repository: pins are numbered 1, 2, … per kind. */
export interface PinList {
  repoId: number;
  isPull: boolean;
}

export type PinOutcome = 'pinned' | 'already-pinned' | 'full';

/**
 * Port: pinned issues and pull requests. Each pin change holds the
 * repository, so that two changes at once never give two issues the same
 * place nor pin more than the maximum.
 */
export abstract class IssuePinStore {
  /** Pins the issue last of its kind, unless `max` are pinned already. */
  abstract pin(issue: Issue, max: number): Promise<PinOutcome>;
  /** Unpins the issue; those after it move up. False when it was not pinned. */
  abstract unpin(issue: Issue): Promise<boolean>;
  /** Moves a pinned issue to `position` (from 1; beyond the last means last). False when it is not pinned. */
  abstract move(issue: Issue, position: number): Promise<boolean>;
  /** The pinned issues of the kind, in their order, with their posters. */
  abstract pinned(list: PinList): Promise<Issue[]>;
  abstract countPinned(list: PinList): Promise<number>;
}
