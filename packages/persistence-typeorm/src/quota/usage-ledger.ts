import { EntityManager } from 'typeorm';
import { USAGE_BUCKETS, UsageBucket, UsageChange } from '@bellows/domain';
import { noteWrite, usageOf } from '../read-cache/change-versions';
import { sqlParam } from './in-transaction';

/**
 * The per-owner, per-bucket byte totals (`owner_quota_usage`). Changes are
 * atomic upserts that add to the stored figure inside the database, so two
 * transactions changing the same owner at once never lose an update.
 */
export class UsageLedger {
  constructor(private readonly manager: EntityManager) {}

  /** Applies the domain's changes. Several are applied in a fixed order, so concurrent writers cannot deadlock. */
  async apply(changes: readonly UsageChange[]): Promise<void> {
    const ordered = changes.filter((c) => c.delta !== 0).sort((a, b) => a.ownerId - b.ownerId || a.bucket.localeCompare(b.bucket));
    for (const { ownerId, bucket, delta } of ordered) {
      const p = (n: number) => sqlParam(this.manager, n);
      await this.manager.query(
        `INSERT INTO owner_quota_usage (owner_id, bucket, bytes) VALUES (${p(1)}, ${p(2)}, ${p(3)}) ` +
          'ON CONFLICT (owner_id, bucket) DO UPDATE SET bytes = owner_quota_usage.bytes + excluded.bytes',
        [ownerId, bucket, delta],
      );
      noteWrite(this.manager, usageOf(ownerId));
    }
  }

  /** Overwrites the bucket's figure (the recount's repair). */
  async set(ownerId: number, bucket: UsageBucket, bytes: number): Promise<void> {
    const p = (n: number) => sqlParam(this.manager, n);
    await this.manager.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, bytes) VALUES (${p(1)}, ${p(2)}, ${p(3)}) ` +
        'ON CONFLICT (owner_id, bucket) DO UPDATE SET bytes = excluded.bytes',
      [ownerId, bucket, bytes],
    );
    noteWrite(this.manager, usageOf(ownerId));
  }

  /** The owner's bytes per bucket (0 for buckets never written): one primary-key range read. */
  async bytesOf(ownerId: number): Promise<Record<UsageBucket, number>> {
    const rows: { bucket: string; bytes: string | number }[] = await this.manager.query(
      `SELECT bucket, bytes FROM owner_quota_usage WHERE owner_id = ${sqlParam(this.manager, 1)}`,
      [ownerId],
    );
    const totals = Object.fromEntries(USAGE_BUCKETS.map((bucket) => [bucket, 0])) as Record<UsageBucket, number>;
    for (const row of rows) if (row.bucket in totals) totals[row.bucket as UsageBucket] = Number(row.bytes);
    return totals;
  }

  /** Every stored figure, optionally for one owner only (for the recount). */
  async allRows(ownerId?: number): Promise<{ ownerId: number; bucket: UsageBucket; bytes: number }[]> {
    const where = ownerId === undefined ? '' : ` WHERE owner_id = ${sqlParam(this.manager, 1)}`;
    const rows: { owner_id: number | string; bucket: string; bytes: string | number }[] = await this.manager.query(
      `SELECT owner_id, bucket, bytes FROM owner_quota_usage${where}`,
      ownerId === undefined ? [] : [ownerId],
    );
    return rows.map((row) => ({ ownerId: Number(row.owner_id), bucket: row.bucket as UsageBucket, bytes: Number(row.bytes) }));
  }
}
