import { QuotaValidationError } from './quota-error';
import { parseQuotaSubject, QuotaSubject, UsageBucket, USAGE_BUCKETS } from './subject';
import { QuotaUsage } from './usage';
import { addDays, daysFrom, parseUsageDay, UsageDay } from './usage-day';

/** One day's snapshot of stored bytes per leaf bucket (buckets left out held nothing, or were never written). */
export interface DailyUsage {
  readonly day: UsageDay;
  readonly bytes: Partial<Record<UsageBucket, number>>;
}

/** One point of a subject's history: the bytes the subject covered on that day. */
export interface UsagePoint {
  readonly day: UsageDay;
  readonly bytes: number;
}

/**
 * Daily snapshots of the usage ledger, per owner and bucket. A snapshot is
 * taken of the whole ledger at once, so each day's figures are the ledger's at
 * one moment; taking it again on the same day replaces that day's figures.
 */
export abstract class QuotaSnapshotStore {
  /**
   * Writes (or overwrites) `day`'s figures of every owner with ledger rows from
   * the live ledger, in one statement, and the day's instance totals from them.
   */
  abstract takeSnapshot(day: UsageDay): Promise<void>;
  /** Deletes every snapshot (and instance total) of a day before `day`; resolves to how many owner rows went. */
  abstract deleteBefore(day: UsageDay): Promise<number>;
  /** The owner's snapshots from `from` to `to` (both included), oldest first; days without one are absent. */
  abstract seriesOf(ownerId: number, from: UsageDay, to: UsageDay): Promise<DailyUsage[]>;
  /**
   * The instance's totals per day and bucket, from `from` to `to`, oldest
   * first: every owner's figures as the snapshot of that day added them up
   * (an owner deleted since still counts on its days).
   */
  abstract instanceSeries(from: UsageDay, to: UsageDay): Promise<DailyUsage[]>;
}

/**
 * A subject's points from daily snapshots: each day's buckets are added up
 * as the quota engine does (the union of the subject's leaves, each byte once).
 * A negative figure, which only a bug in a store could leave in the ledger, counts as 0.
 */
export function subjectSeries(days: readonly DailyUsage[], subject: QuotaSubject): UsagePoint[] {
  return days.map(({ day, bytes }) => ({ day, bytes: usageFrom(bytes).bytesFor([subject]) }));
}

function usageFrom(bytes: Partial<Record<UsageBucket, number>>): QuotaUsage {
  return QuotaUsage.of(Object.fromEntries(USAGE_BUCKETS.map((bucket) => [bucket, Math.max(0, bytes[bucket] ?? 0)])));
}

/** Which part of a history to read: a subject, and the days from `from` to `to`, both included. */
export interface HistoryRange {
  readonly subject: QuotaSubject;
  readonly from: UsageDay;
  readonly to: UsageDay;
}

/** How many days a history shows when the asker names no start: about a quarter, what a storage page charts. */
export const DEFAULT_HISTORY_DAYS = 90;

/**
 * Reads a history request (`subject`, `from`, `to`, all optional strings) as
 * an API gives it. Defaults: `size:all`, `to` = today, `from` = the
 * DEFAULT_HISTORY_DAYS days (or all kept days, when fewer) ending at `to`.
 * Refused with a QuotaValidationError naming the field: a subject that is not
 * one, a day that is not `YYYY-MM-DD`, `from` after `to`, or a range longer
 * than the `keptDays` snapshots are kept.
 */
export function parseHistoryRange(
  input: { subject?: unknown; from?: unknown; to?: unknown },
  today: UsageDay,
  keptDays: number,
): HistoryRange {
  const subject = input.subject === undefined ? 'size:all' : parseQuotaSubject(input.subject);
  const to = input.to === undefined ? today : parseUsageDay(input.to, 'to');
  const from = input.from === undefined ? addDays(to, 1 - Math.min(DEFAULT_HISTORY_DAYS, keptDays)) : parseUsageDay(input.from, 'from');
  const days = daysFrom(from, to) + 1;
  if (days < 1) throw new QuotaValidationError('from', `from (${from}) must not be after to (${to})`);
  if (days > keptDays) {
    throw new QuotaValidationError('from', `from ${from} to ${to} is ${days} days; at most ${keptDays} (HISTORY_DAYS) may be asked for`);
  }
  return { subject, from, to };
}

/** The first day still kept on `today` when snapshots are kept `keptDays` days (today included); older ones are deleted. */
export function firstKeptDay(today: UsageDay, keptDays: number): UsageDay {
  return addDays(today, 1 - keptDays);
}
