import { ScheduledJobState } from './scheduled-job';

/** Who claims a run, when, and until when the claim holds unless renewed. */
export interface JobClaim {
  /** The claiming instance (host, process and a random part: unique per process). */
  readonly owner: string;
  readonly now: Date;
  readonly leaseUntil: Date;
}

/**
 * Port: the scheduled jobs shared by every instance on the database. Each
 * claim is one conditional write: of any number of instances asking at once,
 * exactly one wins; the winner holds a lease, which it renews while it runs and
 * releases at the end, and which lapses by itself if the instance dies.
 */
export abstract class ScheduledJobStore {
  /** Stores the job first due at `firstDueAt`, unless it is stored already (its history and due time then stand). */
  abstract register(name: string, firstDueAt: Date): Promise<void>;
  abstract find(name: string): Promise<ScheduledJobState | null>;
  abstract list(): Promise<ScheduledJobState[]>;
  /**
   * Claims the run due at `due` (the job's stored next due time as read): true
   * for one caller only, which counts the run and moves the next due time to
   * `following`. False when that due time was claimed already, or while
   * another run holds the job (its due time then stays, to be claimed after).
   */
  abstract claimDue(name: string, due: Date, following: Date, claim: JobClaim): Promise<boolean>;
  /** Claims a run now, due or not (a run on demand): false while another run holds the job. Counts the run; the due time stays. */
  abstract claimNow(name: string, claim: JobClaim): Promise<boolean>;
  /** Extends the lease of the run `owner` holds; false when it holds it no more. */
  abstract renew(name: string, owner: string, leaseUntil: Date): Promise<boolean>;
  /** Ends the run `owner` holds (nothing when it holds it no more). */
  abstract release(name: string, owner: string): Promise<void>;
}
