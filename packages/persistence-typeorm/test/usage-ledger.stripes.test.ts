import { EntityManager } from 'typeorm';
import { UsageLedgerStripes1763800041000 } from '../src/migrations/1763800041000-usage-ledger-stripes';
import { UsageLedger } from '../src/quota/usage-ledger';
import { describeEachEngine } from './support/each-engine';
import { insertOwner } from './support/quota-fixtures';

/** The ledger's stripes (issue 15): one owner's concurrent writers do not queue on one row, and the figures stay sums. */
describeEachEngine('usage ledger stripes', (ctx) => {
  const rowsOf = async (ownerId: number) =>
    (
      (await ctx().db.dataSource.query(
        `SELECT bucket, stripe, bytes FROM owner_quota_usage WHERE owner_id = ${ownerId} ORDER BY bucket, stripe`,
      )) as { bucket: string; stripe: number | string; bytes: number | string }[]
    ).map((row) => ({ bucket: row.bucket, stripe: Number(row.stripe), bytes: Number(row.bytes) }));
  const add = (manager: EntityManager, ownerId: number, bytes: number) =>
    new UsageLedger(manager).apply([{ ownerId, bucket: 'attachments:issues', delta: bytes }]);

  it('keeps one row per bucket for an owner written one change at a time', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    for (const bytes of [10, 20, -5, 7]) await db.dataSource.transaction((manager) => add(manager, owner.id, bytes));
    expect((await rowsOf(owner.id)).map((row) => row.bytes)).toEqual([32]);
    expect((await db.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe(32);
  });

  it('lets a second writer of the owner commit while the first still holds its row (PostgreSQL); sums both', async () => {
    const { db, engine } = ctx();
    if (engine !== 'postgres') return; // SQLite runs one writing transaction at a time.
    const owner = await insertOwner(db);
    await db.dataSource.transaction((manager) => add(manager, owner.id, 1));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first!: () => void;
    const firstAdded = new Promise<void>((resolve) => (first = resolve));
    const slow = db.dataSource.transaction(async (manager) => {
      await add(manager, owner.id, 100);
      first();
      await held;
    });
    await firstAdded;
    const second = db.dataSource.transaction((manager) => add(manager, owner.id, 20));
    const outcome = await Promise.race([
      second.then(() => 'committed'),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 3000)),
    ]);
    release();
    await Promise.all([slow, second]);
    expect(outcome).toBe('committed');
    expect((await db.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe(121);
    expect((await rowsOf(owner.id)).length).toBe(2);
    expect(await db.quotaRecount.differences(owner.id)).toEqual([
      { ownerId: owner.id, bucket: 'attachments:issues', stored: 121, counted: 0 },
    ]);
  });

  it('stays exact under many concurrent writers of one owner, and the repair folds the stripes into one row', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await Promise.all(Array.from({ length: 40 }, (_, i) => db.transaction((tx) => add(managerOf(tx), owner.id, i + 1))));
    expect((await db.quotaUsage.usageOf(owner.id)).bytesIn('attachments:issues')).toBe((40 * 41) / 2);
    expect(await db.quotaRecount.fix(owner.id)).toEqual([{ ownerId: owner.id, bucket: 'attachments:issues', stored: 820, counted: 0 }]);
    expect(await rowsOf(owner.id)).toEqual([{ bucket: 'attachments:issues', stripe: 0, bytes: 0 }]);
  });

  it('migrates down to one row per bucket holding the sum, and up again with the same figures', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await db.dataSource.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${owner.id}, 'packages', 0, 5), (${owner.id}, 'packages', 9, 6), (${owner.id}, 'git:lfs', 3, 4)`,
    );
    const migration = new UsageLedgerStripes1763800041000();
    const runner = db.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await runner.query(`SELECT bucket, bytes FROM owner_quota_usage WHERE owner_id = ${owner.id} ORDER BY bucket`)).toEqual([
        { bucket: 'git:lfs', bytes: ctx().engine === 'postgres' ? '4' : 4 },
        { bucket: 'packages', bytes: ctx().engine === 'postgres' ? '11' : 11 },
      ]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await rowsOf(owner.id)).toEqual([
      { bucket: 'git:lfs', stripe: 0, bytes: 4 },
      { bucket: 'packages', stripe: 0, bytes: 11 },
    ]);
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});

/** The EntityManager a transaction's Database is bound to (private to the adapter; this test reaches in). */
function managerOf(tx: unknown): EntityManager {
  return (tx as { manager: EntityManager }).manager;
}
