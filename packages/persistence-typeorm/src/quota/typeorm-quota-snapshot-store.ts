import { EntityManager } from 'typeorm';
import { DailyUsage, QuotaSnapshotStore, UsageBucket, UsageDay } from '@bellows/domain';
import { InTransaction, parameterMarkers } from './in-transaction';

type SnapshotRow = { day: string; bucket: string; bytes: string | number };

/**
 * The daily snapshots in `quota_usage_snapshot`, and the instance's totals
 * per day in `quota_usage_snapshot_total`. Taking one is a single
 * INSERT … SELECT over the ledger: one statement reads every owner's stripes
 * at one moment (a statement's snapshot on PostgreSQL, the one writer on
 * SQLite), so the day's figures are the ledger's at that moment even while
 * uploads go on, and they add up exactly as a live read of the ledger does.
 * It runs as a transaction of its own: on SQLite, whose one connection is
 * shared, a statement outside the transaction queue would read the half-done
 * work of the transaction under way on it. The day's instance totals are
 * added up from the owners' rows just written, in the same transaction, so
 * they equal the sum of the owners' figures that day.
 */
export class TypeOrmQuotaSnapshotStore extends QuotaSnapshotStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {
    super();
  }

  async takeSnapshot(day: UsageDay): Promise<void> {
    await this.inTransaction((manager) => this.copyLedger(manager, day));
  }

  private async copyLedger(manager: EntityManager, day: UsageDay): Promise<void> {
    const p = parameterMarkers(manager);
    // `WHERE 1 = 1`: SQLite needs a WHERE before an upsert's ON CONFLICT after a SELECT (its parser would read ON as a join's).
    await manager.query(
      'INSERT INTO quota_usage_snapshot (owner_id, day, bucket, bytes) ' +
        `SELECT owner_id, CAST(${p(1)} AS varchar(10)), bucket, SUM(bytes) FROM owner_quota_usage WHERE 1 = 1 GROUP BY owner_id, bucket ` +
        'ON CONFLICT (owner_id, day, bucket) DO UPDATE SET bytes = excluded.bytes',
      [day],
    );
    // Replaced rather than upserted: a bucket whose every owner was deleted since the day's first pass has no sum left to write.
    await manager.query(`DELETE FROM quota_usage_snapshot_total WHERE day = ${p(1)}`, [day]);
    await manager.query(
      'INSERT INTO quota_usage_snapshot_total (day, bucket, bytes) ' +
        `SELECT day, bucket, SUM(bytes) FROM quota_usage_snapshot WHERE day = ${p(1)} GROUP BY day, bucket`,
      [day],
    );
  }

  async deleteBefore(day: UsageDay): Promise<number> {
    return this.inTransaction(async (manager) => {
      const deleteFrom = (table: string) => manager.createQueryBuilder().delete().from(table).where('day < :day', { day }).execute();
      await deleteFrom('quota_usage_snapshot_total');
      return (await deleteFrom('quota_usage_snapshot')).affected ?? 0;
    });
  }

  async seriesOf(ownerId: number, from: UsageDay, to: UsageDay): Promise<DailyUsage[]> {
    const p = parameterMarkers(this.manager);
    const rows: SnapshotRow[] = await this.manager.query(
      `SELECT day, bucket, bytes FROM quota_usage_snapshot WHERE owner_id = ${p(1)} AND day >= ${p(2)} AND day <= ${p(3)} ORDER BY day`,
      [ownerId, from, to],
    );
    return byDay(rows);
  }

  async instanceSeries(from: UsageDay, to: UsageDay): Promise<DailyUsage[]> {
    const p = parameterMarkers(this.manager);
    const rows: SnapshotRow[] = await this.manager.query(
      `SELECT day, bucket, bytes FROM quota_usage_snapshot_total WHERE day >= ${p(1)} AND day <= ${p(2)} ORDER BY day`,
      [from, to],
    );
    return byDay(rows);
  }
}

/** Rows ordered by day → one DailyUsage per day (PostgreSQL answers bigint sums as strings). */
function byDay(rows: readonly SnapshotRow[]): DailyUsage[] {
  const days: { day: string; bytes: Partial<Record<UsageBucket, number>> }[] = [];
  for (const row of rows) {
    if (days.at(-1)?.day !== row.day) days.push({ day: row.day, bytes: {} });
    days.at(-1)!.bytes[row.bucket as UsageBucket] = Number(row.bytes);
  }
  return days;
}
