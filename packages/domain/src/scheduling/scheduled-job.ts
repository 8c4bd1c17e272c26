/**
 * Jobs the server runs on a timer (artifact expiry, the temporary-file sweep,
 * quota snapshots…), shared by every instance on one database: each due time
 * is run by exactly one instance, and the cron page shows one history.
 */

/** How often a job is due: every `everyMs`, on a grid that starts at its first due time. */
export interface JobSchedule {
  readonly everyMs: number;
}

/** A job as stored: its next due time, its history, and who runs it now. */
export interface ScheduledJobState {
  readonly name: string;
  /** When it is next due; claiming that due time moves this on (see followingDueTime). */
  readonly nextRunAt: Date;
  /** When the last run (scheduled or on demand) began; null before the first. */
  readonly lastRunAt: Date | null;
  /** How many runs began, by every instance together. */
  readonly runCount: number;
  /** The instance running it now, and until when its claim holds unless renewed; both null when nobody runs it. */
  readonly leaseOwner: string | null;
  readonly leaseUntil: Date | null;
}

/** Whether the job's next due time has come. */
export function isDue(job: ScheduledJobState, now: Date): boolean {
  return job.nextRunAt.getTime() <= now.getTime();
}

/** Whether an instance holds the job now (a lease past its time, left by a crashed instance, holds nothing). */
export function isLeased(job: ScheduledJobState, now: Date): boolean {
  return job.leaseUntil !== null && job.leaseUntil.getTime() > now.getTime();
}

/**
 * The due time that follows `due` once it is claimed at `now`: the first one
 * on the job's grid after `now`. Due times missed while no instance ran are
 * not made up one by one: one run stands for all of them, as one pass of a
 * sweep or an expiry does the work of every pass it missed.
 */
export function followingDueTime(schedule: JobSchedule, due: Date, now: Date): Date {
  const missed = Math.max(0, Math.floor((now.getTime() - due.getTime()) / schedule.everyMs));
  return new Date(due.getTime() + (missed + 1) * schedule.everyMs);
}

/** The schedule as Forgejo's cron page writes it: `@every 60m`. */
export function describeSchedule(schedule: JobSchedule): string {
  const minutes = schedule.everyMs / 60_000;
  return Number.isInteger(minutes) ? `@every ${minutes}m` : `@every ${schedule.everyMs / 1000}s`;
}

/**
 * A periodic job of the server: one pass (`run`) and how often it is due.
 * When and where it runs is the scheduler's business: once per due time
 * across every instance on the database.
 */
export interface ScheduledTask {
  readonly schedule: JobSchedule;
  /** Also one pass as each instance starts, before it serves (a sweep of what a crash left). */
  readonly runAtStart?: boolean;
  run(): Promise<unknown>;
}
