import { CrossingDirection, FiredThreshold } from './quota-warnings';
import { QuotaSubject } from './subject';

/** A recorded crossing of a `[quota] WARN_AT` threshold by one rule of one owner. */
export interface QuotaEvent {
  readonly id: number;
  readonly ownerId: number;
  readonly group: string;
  readonly rule: string;
  readonly subjects: readonly QuotaSubject[];
  /** The rule's limit in bytes when the event was recorded. */
  readonly limit: number;
  /** The bytes the rule counted when the event was recorded. */
  readonly usage: number;
  readonly threshold: number;
  readonly direction: CrossingDirection;
  readonly createdAt: Date;
}

export type NewQuotaEvent = Omit<QuotaEvent, 'id'>;

/**
 * Port: the owners whose quota must be looked at again (an outbox). Every
 * change of stored sizes adds its owners in its own transaction (the usage
 * ledger does it); changes of limits add the owners they may concern. A
 * background worker takes rows out in batches ({@link QuotaWarningStore.claimOutbox}).
 */
export abstract class QuotaOutbox {
  /** Adds the owners (one row each; repeats are fine, the worker reads each owner once per batch). */
  abstract enqueue(ownerIds: readonly number[]): Promise<void>;
  /** Adds every owner in none of the groups (those the DEFAULT_GROUPS apply to) that has usage figures: one statement. */
  abstract enqueueUnassignedWithUsage(): Promise<void>;
  /** Adds every owner that has usage figures: one statement. */
  abstract enqueueEveryOwnerWithUsage(): Promise<void>;
  /** Whether any row waits (a cheap poll). */
  abstract hasPending(): Promise<boolean>;
  /**
   * Calls `listener` after a transaction that added rows has committed: this
   * process's, and where the adapter hears of them, other processes' (a
   * wake-up; never the only way rows are seen).
   */
  abstract onCommitted(listener: () => void): void;
}

/** Which events a list shows. */
export interface QuotaEventFilter {
  ownerId?: number;
}

/**
 * Port: the fired thresholds per owner and rule, the recorded events, and the
 * outbox's consuming side. Used inside one transaction by the warning worker:
 * the rows it claims, the state it changes and the events it records commit
 * together, or not at all.
 */
export abstract class QuotaWarningStore {
  /**
   * The oldest `limit` outbox rows, without taking them (read before the
   * claiming transaction, so it stays short). What the rows stand for is
   * readable once this resolves: reads that follow see at least the commits
   * that wrote them, whichever process made them.
   */
  abstract peekOutbox(limit: number): Promise<{ id: number; ownerId: number }[]>;
  /**
   * Takes these outbox rows, deleting them, and answers the distinct owners of
   * those it took. On PostgreSQL rows another transaction has claimed are
   * skipped (each row is taken once across instances); rows gone already are
   * not there to take.
   */
  abstract claimOutbox(ids: readonly number[]): Promise<number[]>;
  abstract firedOf(ownerId: number): Promise<FiredThreshold[]>;
  /** Marks thresholds fired; answers those that were not yet (a concurrent worker's already-fired ones are left out). */
  abstract fire(ownerId: number, thresholds: readonly FiredThreshold[]): Promise<FiredThreshold[]>;
  /** Forgets fired thresholds; answers those that were there. */
  abstract rearm(ownerId: number, thresholds: readonly FiredThreshold[]): Promise<FiredThreshold[]>;
  abstract recordEvent(event: NewQuotaEvent): Promise<QuotaEvent>;
  /** A page of events, newest first, and how many match. */
  abstract listEvents(filter: QuotaEventFilter, skip: number, take: number): Promise<[QuotaEvent[], number]>;
  abstract findEvent(id: number): Promise<QuotaEvent | null>;
  /** A stored setting of the warnings (e.g. the fingerprint of the settings last evaluated under). */
  abstract setting(name: string): Promise<string | null>;
  abstract setSetting(name: string, value: string): Promise<void>;
}
