import { NewTrackedTime, Stopwatch, TrackedTime, TrackedTimeFilter } from './tracked-time';

/** Port: the times users tracked on issues. */
export abstract class TrackedTimeStore {
  abstract add(time: NewTrackedTime): Promise<TrackedTime>;
  /** The time by id, deleted or not; null when there is no such row. */
  abstract findById(id: number): Promise<TrackedTime | null>;
  /** A page of the live times matching the filter, oldest first, and how many match in all. */
  abstract list(filter: TrackedTimeFilter, skip: number, take: number): Promise<[TrackedTime[], number]>;
  /** Marks the time deleted; false when it was already (a concurrent delete counts once). */
  abstract remove(id: number): Promise<boolean>;
  /** Marks every live time of the user on the issue deleted; answers how many times and seconds this call removed. */
  abstract removeAllOf(issueId: number, userId: number): Promise<{ times: number; seconds: number }>;
}

/** Port: running stopwatches; a user runs at most one at a time (the store refuses a second). */
export abstract class StopwatchStore {
  /**
   * Starts the user's stopwatch on the issue; false when the user already runs one (on any issue). After
   * false inside a transaction, that transaction can only be rolled back (PostgreSQL aborts it).
   */
  abstract start(userId: number, issueId: number, at: Date): Promise<boolean>;
  /** The user's running stopwatch, if any. */
  abstract runningOf(userId: number): Promise<Stopwatch | null>;
  /** Removes the stopwatch by id; false when another request stopped it first. */
  abstract remove(id: number): Promise<boolean>;
  /** The user's stopwatches (at most one), paged, and how many there are. */
  abstract listOf(userId: number, skip: number, take: number): Promise<[Stopwatch[], number]>;
}
