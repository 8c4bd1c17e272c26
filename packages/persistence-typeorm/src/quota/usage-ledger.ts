import { EntityManager } from 'typeorm';
import { USAGE_BUCKETS, UsageBucket, UsageChange } from '@bellows/domain';
import { noteWrite, usageOf } from '../read-cache/change-versions';
import { sqlParam } from './in-transaction';
import { addToOutbox } from './quota-outbox';

/**
 * How many rows one owner's figure for a bucket may be spread over on
 * PostgreSQL: a new stripe is `pg_backend_pid() % STRIPES`, so it is at most
 * this, however many instances and connections write.
 */
export const LEDGER_STRIPES = 64;

/**
 * The per-owner, per-bucket byte totals (`owner_quota_usage`). Changes are
 * atomic updates that add to a stored figure inside the database, so two
 * transactions changing the same owner at once never lose an update.
 *
 * A bucket's figure is the sum of its rows (stripes). A change holds the row
 * it adds to until its transaction commits, so on PostgreSQL a change takes
 * the first row of the owner's bucket no other transaction holds (`SKIP
 * LOCKED`), and only when every row is held does it open another stripe:
 * uploads of one owner from many connections run side by side instead of
 * queueing on one row, while an owner written one change at a time keeps a
 * single row per bucket. Reading stays one primary-key range read of at most
 * buckets × LEDGER_STRIPES rows, whatever the number of stored objects.
 * (Striped rows rather than a log of deltas folded by a job: no job to run
 * exactly once across instances, no unfolded tail for reads to add, and the
 * recount compares the same sums.) SQLite runs one writing transaction at a
 * time, so it uses stripe 0 alone.
 *
 * Every change also adds its owners to the quota outbox (`quota_owner_outbox`)
 * in the same transaction: this is the one place sizes change, so warnings and
 * the overview hear of every upload, removal and repository resize.
 */
export class UsageLedger {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Applies the domain's changes. Several are applied in a fixed order, and a
   * change waits only for a stripe no other transaction holds, so concurrent
   * writers cannot deadlock.
   */
  async apply(changes: readonly UsageChange[]): Promise<void> {
    const ordered = changes.filter((c) => c.delta !== 0).sort((a, b) => a.ownerId - b.ownerId || a.bucket.localeCompare(b.bucket));
    for (const { ownerId, bucket, delta } of ordered) {
      if (this.postgres) await this.addOnPostgres(ownerId, bucket, delta);
      else await this.addToStripe(ownerId, bucket, delta, '0');
      noteWrite(this.manager, usageOf(ownerId));
    }
    // Same transaction: a committed change always has its outbox row (warnings, the overview), a rolled-back one none.
    await addToOutbox(
      this.manager,
      ordered.map((c) => c.ownerId),
    );
  }

  /** Overwrites the bucket's figure (the recount's repair): stripe 0 holds it, the others go. */
  async set(ownerId: number, bucket: UsageBucket, bytes: number): Promise<void> {
    const p = (n: number) => sqlParam(this.manager, n);
    await this.manager.query(`DELETE FROM owner_quota_usage WHERE owner_id = ${p(1)} AND bucket = ${p(2)} AND stripe <> 0`, [
      ownerId,
      bucket,
    ]);
    await this.manager.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${p(1)}, ${p(2)}, 0, ${p(3)}) ` +
        'ON CONFLICT (owner_id, bucket, stripe) DO UPDATE SET bytes = excluded.bytes',
      [ownerId, bucket, bytes],
    );
    noteWrite(this.manager, usageOf(ownerId));
    await addToOutbox(this.manager, [ownerId]);
  }

  /** The owner's bytes per bucket (0 for buckets never written): one primary-key range read. */
  async bytesOf(ownerId: number): Promise<Record<UsageBucket, number>> {
    const rows: { bucket: string; bytes: string | number }[] = await this.manager.query(
      `SELECT bucket, SUM(bytes) AS bytes FROM owner_quota_usage WHERE owner_id = ${sqlParam(this.manager, 1)} GROUP BY bucket`,
      [ownerId],
    );
    const totals = Object.fromEntries(USAGE_BUCKETS.map((bucket) => [bucket, 0])) as Record<UsageBucket, number>;
    for (const row of rows) if (row.bucket in totals) totals[row.bucket as UsageBucket] = Number(row.bytes);
    return totals;
  }

  /** Every stored figure (summed over its stripes), optionally for one owner only (for the recount). */
  async allRows(ownerId?: number): Promise<{ ownerId: number; bucket: UsageBucket; bytes: number }[]> {
    const where = ownerId === undefined ? '' : ` WHERE owner_id = ${sqlParam(this.manager, 1)}`;
    const rows: { owner_id: number | string; bucket: string; bytes: string | number }[] = await this.manager.query(
      `SELECT owner_id, bucket, SUM(bytes) AS bytes FROM owner_quota_usage${where} GROUP BY owner_id, bucket`,
      ownerId === undefined ? [] : [ownerId],
    );
    return rows.map((row) => ({ ownerId: Number(row.owner_id), bucket: row.bucket as UsageBucket, bytes: Number(row.bytes) }));
  }

  private get postgres(): boolean {
    return this.manager.connection.options.type === 'postgres';
  }

  /**
   * Adds to the first stripe of the bucket no other transaction holds (one
   * this transaction holds already counts as free); when every stripe is held
   * (or there is none yet), to this connection's own stripe, which only waits
   * for a transaction on a connection whose number falls on the same stripe.
   */
  private async addOnPostgres(ownerId: number, bucket: UsageBucket, delta: number): Promise<void> {
    const changed: unknown[] = await this.manager.query(
      'WITH free AS (SELECT stripe FROM owner_quota_usage WHERE owner_id = $1 AND bucket = $2 ' +
        'ORDER BY stripe LIMIT 1 FOR UPDATE SKIP LOCKED), ' +
        'added AS (UPDATE owner_quota_usage u SET bytes = u.bytes + $3 FROM free ' +
        'WHERE u.owner_id = $1 AND u.bucket = $2 AND u.stripe = free.stripe RETURNING u.stripe) ' +
        'SELECT stripe FROM added',
      [ownerId, bucket, delta],
    );
    if (changed.length === 0) await this.addToStripe(ownerId, bucket, delta, `pg_backend_pid() % ${LEDGER_STRIPES}`);
  }

  /** Adds to one stripe (an SQL expression), creating its row when missing. */
  private async addToStripe(ownerId: number, bucket: UsageBucket, delta: number, stripe: string): Promise<void> {
    const p = (n: number) => sqlParam(this.manager, n);
    await this.manager.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${p(1)}, ${p(2)}, ${stripe}, ${p(3)}) ` +
        'ON CONFLICT (owner_id, bucket, stripe) DO UPDATE SET bytes = owner_quota_usage.bytes + excluded.bytes',
      [ownerId, bucket, delta],
    );
  }
}
