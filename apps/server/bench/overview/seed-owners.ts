import { QuotaGroup, QuotaRule } from '@bellows/domain';
import { Database } from '@bellows/persistence-typeorm';
import { insertBenchOwners } from '../support/bench-owners';

const KIB = 1024;

/** The group every tenth owner is in: 4 MiB over size:all, which about half of them exceed (and the first one always). */
export const SMALL_GROUP = 'bench-overview-small';

/**
 * `count` owners (every seventh an organization) with varied usage, written
 * straight to the tables: the owners, their summary rows, and
 * ledger rows over four buckets computed from the id (so sorts by different
 * subjects give different orders, and many owners share a figure, as on a real
 * instance). The overview's rows are then brought up by the server's own
 * refresh, as after an upgrade: `refreshNeverRefreshed` is what is timed.
 */
export async function seedOverviewOwners(db: Database, count: number): Promise<void> {
  const stamp = Date.now().toString(36);
  await insertBenchOwners(db, `bench-o${stamp}-`, count, (i) => (i % 7 === 3 ? 'organization' : 'user'));
  const mine = `FROM owner WHERE lower_name LIKE 'bench-o${stamp}-%'`;
  await db.dataSource.query(`INSERT INTO owner_quota_summary (owner_id, kind) SELECT id, kind ${mine}`);
  const buckets: [string, string][] = [
    ['packages', `(id * 7919) % 4096 * ${KIB}`],
    ['repos:public', `(id * 104729) % 2048 * ${KIB}`],
    ['git:lfs', `CASE WHEN id % 3 = 0 THEN (id * 31) % 8192 * ${KIB} ELSE 0 END`],
    ['attachments:issues', `CASE WHEN id % 5 = 0 THEN (id * 17) % 512 * ${KIB} ELSE 0 END`],
  ];
  for (const [bucket, bytes] of buckets) {
    await db.dataSource.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) SELECT id, '${bucket}', 0, ${bytes} ${mine}`,
    );
  }
  const rule = QuotaRule.create({ name: 'bench-overview-4m', limit: 4 * 1024 * KIB, subjects: ['size:all'] });
  if ((await db.quotaLimits.createGroup(QuotaGroup.create(SMALL_GROUP, [rule]))) !== 'ok') throw new Error('could not create the group');
  // Every tenth owner from the first one seeded, so the smallest instance has one member too.
  const [{ first }] = (await db.dataSource.query(`SELECT MIN(id) AS first ${mine}`)) as { first: number }[];
  await db.dataSource.query(
    `INSERT INTO quota_group_owner (group_id, owner_id) SELECT g.id, o.id FROM quota_group g, owner o ` +
      `WHERE g.name = '${SMALL_GROUP}' AND o.lower_name LIKE 'bench-o${stamp}-%' AND (o.id - ${Number(first)}) % 10 = 0`,
  );
  // And that first member over its limit whatever its id gave it, so `over=true` lists at least one owner on every instance.
  await db.dataSource.query(
    `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${Number(first)}, 'attachments:releases', 0, ${8 * 1024 * KIB})`,
  );
}
