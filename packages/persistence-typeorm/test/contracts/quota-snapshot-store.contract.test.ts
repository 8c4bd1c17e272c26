import { UsageChange } from '@bellows/domain';
import { Database } from '../../src/database';
import { UsageLedger } from '../../src/quota/usage-ledger';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner } from '../support/quota-fixtures';

/**
 * The daily usage snapshots (issue 16): a snapshot copies every owner's ledger
 * figures (summed over stripes) for a day, again on the same day overwrites,
 * series read a range of days, retention deletes the older days.
 */
describeEachEngine('QuotaSnapshotStore', (ctx) => {
  const apply = (db: Database, changes: UsageChange[]) => db.transaction((tx) => new UsageLedger(managerOf(tx)).apply(changes));
  /** Each test takes snapshots on its own days: they are of the whole ledger, every test's owners included. */
  let year = 2000;
  const nextYear = () => String(year++);

  it('copies each owner and bucket figure of the ledger, summed over its stripes, under the day', async () => {
    const { db } = ctx();
    const [ada, bob] = [await insertOwner(db), await insertOwner(db)];
    await apply(db, [
      { ownerId: ada.id, bucket: 'packages', delta: 100 },
      { ownerId: ada.id, bucket: 'repos:public', delta: 40 },
      { ownerId: bob.id, bucket: 'artifacts', delta: 7 },
    ]);
    // A second stripe, as a concurrent writer on PostgreSQL opens one: next to the first, which on PostgreSQL is the
    // connection's own (its backend pid modulo 64, so a fixed number collided one run in 64).
    await db.dataSource.query(
      'INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) ' +
        `SELECT owner_id, bucket, (stripe + 1) % 64, 23 FROM owner_quota_usage WHERE owner_id = ${ada.id} AND bucket = 'packages'`,
    );
    const day = `${nextYear()}-06-01`;

    await db.quotaSnapshots.takeSnapshot(day);

    expect(await db.quotaSnapshots.seriesOf(ada.id, day, day)).toEqual([{ day, bytes: { packages: 123, 'repos:public': 40 } }]);
    expect(await db.quotaSnapshots.seriesOf(bob.id, day, day)).toEqual([{ day, bytes: { artifacts: 7 } }]);
    const live = await db.quotaUsage.usageOf(ada.id);
    expect(live.bytesIn('packages')).toBe(123);
  });

  it('overwrites the day when taken again that day, and leaves other days as they were', async () => {
    const { db } = ctx();
    const ada = await insertOwner(db);
    const y = nextYear();
    await apply(db, [{ ownerId: ada.id, bucket: 'packages', delta: 10 }]);
    await db.quotaSnapshots.takeSnapshot(`${y}-01-01`);
    await db.quotaSnapshots.takeSnapshot(`${y}-01-02`);
    await apply(db, [{ ownerId: ada.id, bucket: 'packages', delta: 5 }]);

    await db.quotaSnapshots.takeSnapshot(`${y}-01-02`);

    expect(await db.quotaSnapshots.seriesOf(ada.id, `${y}-01-01`, `${y}-12-31`)).toEqual([
      { day: `${y}-01-01`, bytes: { packages: 10 } },
      { day: `${y}-01-02`, bytes: { packages: 15 } },
    ]);
    const rows = await db.dataSource.query(`SELECT COUNT(*) AS n FROM quota_usage_snapshot WHERE owner_id = ${ada.id}`);
    expect(Number(rows[0].n)).toBe(2);
  });

  it('reads an owner series oldest first, the range inclusive, without days it has no snapshot of or other owners', async () => {
    const { db } = ctx();
    const [ada, bob] = [await insertOwner(db), await insertOwner(db)];
    const y = nextYear();
    await apply(db, [
      { ownerId: ada.id, bucket: 'git:lfs', delta: 1 },
      { ownerId: bob.id, bucket: 'git:lfs', delta: 1000 },
    ]);
    for (const [day, delta] of [
      ['03-10', 1],
      ['03-01', 2],
      ['03-05', 4],
      ['03-20', 8],
    ] as const) {
      await apply(db, [{ ownerId: ada.id, bucket: 'git:lfs', delta }]);
      await db.quotaSnapshots.takeSnapshot(`${y}-${day}`);
    }

    const series = await db.quotaSnapshots.seriesOf(ada.id, `${y}-03-01`, `${y}-03-10`);

    expect(series).toEqual([
      { day: `${y}-03-01`, bytes: { 'git:lfs': 4 } },
      { day: `${y}-03-05`, bytes: { 'git:lfs': 8 } },
      { day: `${y}-03-10`, bytes: { 'git:lfs': 2 } },
    ]);
    expect(await db.quotaSnapshots.seriesOf(ada.id, `${y}-03-11`, `${y}-03-19`)).toEqual([]);
  });

  it('adds every owner up per day and bucket for the instance series', async () => {
    const { db } = ctx();
    const y = nextYear();
    const before = `${y}-02-01`;
    await db.quotaSnapshots.takeSnapshot(before);
    const [ada, org] = [await insertOwner(db), await insertOwner(db, 'organization')];
    await apply(db, [
      { ownerId: ada.id, bucket: 'attachments:issues', delta: 3 },
      { ownerId: org.id, bucket: 'attachments:issues', delta: 30 },
      { ownerId: org.id, bucket: 'artifacts', delta: 300 },
    ]);
    const after = `${y}-02-02`;
    await db.quotaSnapshots.takeSnapshot(after);

    const [first, second] = await db.quotaSnapshots.instanceSeries(before, after);

    expect(first.day).toBe(before);
    expect(second.day).toBe(after);
    expect((second.bytes['attachments:issues'] ?? 0) - (first.bytes['attachments:issues'] ?? 0)).toBe(33);
    expect((second.bytes.artifacts ?? 0) - (first.bytes.artifacts ?? 0)).toBe(300);
  });

  it("keeps the instance total of a day equal to the sum of that day's owner rows, deleted owners included until retaken", async () => {
    const { db } = ctx();
    const ada = await insertOwner(db);
    await apply(db, [{ ownerId: ada.id, bucket: 'git:lfs', delta: 4242 }]);
    const day = `${nextYear()}-07-01`;
    await db.quotaSnapshots.takeSnapshot(day);
    const sums: { bucket: string; bytes: string | number }[] = await db.dataSource.query(
      `SELECT bucket, SUM(bytes) AS bytes FROM quota_usage_snapshot WHERE day = '${day}' GROUP BY bucket ORDER BY bucket`,
    );
    const [total] = await db.quotaSnapshots.instanceSeries(day, day);
    expect(total.bytes).toEqual(Object.fromEntries(sums.map((row) => [row.bucket, Number(row.bytes)])));

    await db.owners.delete(ada.id);
    expect((await db.quotaSnapshots.instanceSeries(day, day))[0].bytes['git:lfs']).toBe(total.bytes['git:lfs']);
    await db.quotaSnapshots.takeSnapshot(day);
    expect((await db.quotaSnapshots.instanceSeries(day, day))[0].bytes['git:lfs'] ?? 0).toBe(total.bytes['git:lfs']! - 4242);
  });

  it('deletes the days before the one given, and says how many rows went', async () => {
    const { db } = ctx();
    const ada = await insertOwner(db);
    await apply(db, [
      { ownerId: ada.id, bucket: 'packages', delta: 1 },
      { ownerId: ada.id, bucket: 'artifacts', delta: 1 },
    ]);
    const y = nextYear();
    for (const day of ['04-01', '04-02', '04-03']) await db.quotaSnapshots.takeSnapshot(`${y}-${day}`);
    const owners = Number((await db.dataSource.query(`SELECT COUNT(*) AS n FROM quota_usage_snapshot WHERE day = '${y}-04-01'`))[0].n);

    expect(await db.quotaSnapshots.deleteBefore(`${y}-04-02`)).toBeGreaterThanOrEqual(owners);
    expect((await db.quotaSnapshots.seriesOf(ada.id, `${y}-01-01`, `${y}-12-31`)).map((d) => d.day)).toEqual([`${y}-04-02`, `${y}-04-03`]);
    expect((await db.quotaSnapshots.instanceSeries(`${y}-01-01`, `${y}-12-31`)).map((d) => d.day)).toEqual([`${y}-04-02`, `${y}-04-03`]);
    expect(await db.quotaSnapshots.deleteBefore(`${y}-04-02`)).toBe(0);
  });

  it('goes with its owner', async () => {
    const { db } = ctx();
    const ada = await insertOwner(db);
    await apply(db, [{ ownerId: ada.id, bucket: 'packages', delta: 1 }]);
    const day = `${nextYear()}-01-01`;
    await db.quotaSnapshots.takeSnapshot(day);
    await db.owners.delete(ada.id);
    expect(await db.quotaSnapshots.seriesOf(ada.id, day, day)).toEqual([]);
  });

  it('is one consistent reading of the ledger while writers change it (each write moves two buckets together)', async () => {
    const { db } = ctx();
    const ada = await insertOwner(db);
    const y = nextYear();
    await apply(db, [
      { ownerId: ada.id, bucket: 'packages', delta: 1 },
      { ownerId: ada.id, bucket: 'artifacts', delta: 1 },
    ]);
    let writing = true;
    const writer = async () => {
      while (writing) {
        await apply(db, [
          { ownerId: ada.id, bucket: 'packages', delta: 1 },
          { ownerId: ada.id, bucket: 'artifacts', delta: 1 },
        ]);
      }
    };
    const writers = [writer(), writer(), writer()];
    for (let i = 1; i <= 12; i++) await db.quotaSnapshots.takeSnapshot(`${y}-05-${String(i).padStart(2, '0')}`);
    writing = false;
    await Promise.all(writers);

    const series = await db.quotaSnapshots.seriesOf(ada.id, `${y}-05-01`, `${y}-05-31`);
    expect(series).toHaveLength(12);
    for (const { bytes } of series) expect(bytes.packages).toBe(bytes.artifacts);
    expect(series.at(-1)!.bytes.packages).toBeGreaterThan(0);
  });
});

/** The transaction's EntityManager (the ledger is written through one). */
function managerOf(db: Database) {
  return (db as unknown as { manager: import('typeorm').EntityManager }).manager;
}
