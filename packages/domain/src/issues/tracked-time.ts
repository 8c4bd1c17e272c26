/**
 * Time a user spent on an issue (Forgejo's tracked_time). Removing a time
 * marks it deleted rather than dropping the row, as Forgejo does, so the
 * timeline's entries keep what they referred to.
 */
export interface TrackedTime {
  id: number;
  issueId: number;
  userId: number;
  /** When the work was done (given by the caller, or when it was recorded). */
  createdAt: Date;
  seconds: number;
  deleted: boolean;
}

export type NewTrackedTime = Pick<TrackedTime, 'issueId' | 'userId' | 'createdAt' | 'seconds'>;

/** Which live (not deleted) times a listing answers; every given field narrows it. */
export interface TrackedTimeFilter {
  issueId?: number;
  /** Times of the repository's issues. */
  repoId?: number;
  /** Times of issues in any of these repositories (a user's own times, limited to what they may read). */
  repoIds?: number[];
  userId?: number;
  /** Times created at or after this moment. */
  since?: Date;
  /** Times created at or before this moment. */
  before?: Date;
}

/** A stopwatch a user runs on an issue; stopping it records the time since `createdAt`. */
export interface Stopwatch {
  id: number;
  issueId: number;
  userId: number;
  createdAt: Date;
}

/** The seconds a stopwatch has run at `now` (never negative, whole seconds as Forgejo counts them). */
export function secondsRunning(stopwatch: Stopwatch, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - stopwatch.createdAt.getTime()) / 1000));
}

/**
 * A duration as Forgejo writes it for people (`1d 2h 3m 4s`; zero parts left
 * out, so 66 seconds is `1m 6s` and 0 is the empty string).
 */
export function formatDuration(totalSeconds: number): string {
  const parts: [number, string][] = [
    [Math.floor(totalSeconds / 86400), 'd'],
    [Math.floor(totalSeconds / 3600) % 24, 'h'],
    [Math.floor(totalSeconds / 60) % 60, 'm'],
    [totalSeconds % 60, 's'],
  ];
  return parts
    .filter(([amount]) => amount > 0)
    .map(([amount, unit]) => `${amount}${unit}`)
    .join(' ');
}

/** The content Forgejo stores in a time entry of the timeline (add, stop, delete): `|` and the seconds. */
export function timelineTimeContent(seconds: number): string {
  return `|${seconds}`;
}
