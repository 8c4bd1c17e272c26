import { OwnerQuotaFigures, QuotaGroup, QuotaUsage, StoredOwnerQuotaSummary } from '@bellows/domain';
import { Database } from '../src/database';
import { OwnerQuotaSummary1763800043000 } from '../src/migrations/1763800043000-owner-quota-summary';
import { OwnerQuotaTotals1763800043100 } from '../src/migrations/1763800043100-owner-quota-totals';
import { newOwnerFields } from '../src/testing/owners';
import { describeEachEngine } from './support/each-engine';

let seq = 0;

/** An owner whose name carries `tag`, so a test pages through its own owners only (the name filter). */
async function ownerTagged(db: Database, tag: string, kind: 'user' | 'organization' = 'user') {
  return db.transaction((tx) => tx.owners.insert(newOwnerFields(`${tag}x${seq++}`, { kind })));
}

function figures(ownerId: number, bytes: Partial<Record<string, number>>, overQuota = false, groups: string[] = []): OwnerQuotaFigures {
  return { ownerId, usage: QuotaUsage.of(bytes), groups, overQuota };
}

const idsOf = (items: StoredOwnerQuotaSummary[]) => items.map((item) => item.ownerId);

describeEachEngine('owner quota summaries', (ctx) => {
  it('gives a new owner a zero row, never refreshed, in the transaction that creates it (and marks rows stale again)', async () => {
    const { db } = ctx();
    const owner = await ownerTagged(db, 'fresh');
    expect(await db.ownerQuotaSummaries.neverRefreshed(1000)).toContain(owner.id);
    const { items } = await db.ownerQuotaSummaries.page({
      sort: 'size:all',
      order: 'desc',
      nameContains: owner.name,
      offset: 0,
      limit: 10,
    });
    expect(items).toEqual([{ ownerId: owner.id, name: owner.name, kind: 'user', usage: QuotaUsage.NONE, groups: [], overQuota: false }]);
    await db.ownerQuotaSummaries.write([figures(owner.id, {})]);
    expect(await db.ownerQuotaSummaries.neverRefreshed(1000)).not.toContain(owner.id);
    await db.ownerQuotaSummaries.markStale([owner.id]);
    expect(await db.ownerQuotaSummaries.neverRefreshed(1000)).toContain(owner.id);
    await db.ownerQuotaSummaries.write([figures(owner.id, {})]);

    // A rolled-back creation leaves neither the owner nor its row.
    const name = `rolledback${seq++}`;
    await expect(
      db.transaction(async (tx) => {
        await tx.owners.insert(newOwnerFields(name));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.ownerQuotaSummaries.page({ sort: 'size:all', order: 'desc', nameContains: name, offset: 0, limit: 10 })).total).toBe(
      0,
    );
  });

  it('writes figures by id and reads them back with the usage, groups and flag', async () => {
    const { db } = ctx();
    const org = await ownerTagged(db, 'rt', 'organization');
    await db.ownerQuotaSummaries.write([figures(org.id, { 'repos:private': 5, 'git:lfs': 7, packages: 11 }, true, ['big', 'small'])]);
    const { items, total } = await db.ownerQuotaSummaries.page({
      sort: 'size:all',
      order: 'desc',
      nameContains: org.name,
      offset: 0,
      limit: 5,
    });
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ ownerId: org.id, kind: 'organization', groups: ['big', 'small'], overQuota: true });
    expect(items[0].usage.toJSON()).toEqual(QuotaUsage.of({ 'repos:private': 5, 'git:lfs': 7, packages: 11 }).toJSON());
  });

  it('sorts by any subject in both directions, ties by owner id the same way, and pages', async () => {
    const { db } = ctx();
    const [a, b, c, d] = [
      await ownerTagged(db, 'srt'),
      await ownerTagged(db, 'srt'),
      await ownerTagged(db, 'srt'),
      await ownerTagged(db, 'srt'),
    ];
    await db.ownerQuotaSummaries.write([
      figures(a.id, { 'repos:public': 100, packages: 1 }),
      figures(b.id, { packages: 300 }),
      figures(c.id, { 'repos:public': 100, packages: 50 }),
      figures(d.id, {}),
    ]);
    const page = (
      sort: 'size:all' | 'size:repos:all' | 'size:assets:packages:all' | 'size:wiki',
      order: 'asc' | 'desc',
      offset = 0,
      limit = 10,
    ) => db.ownerQuotaSummaries.page({ sort, order, nameContains: 'srt', offset, limit });
    expect(idsOf((await page('size:all', 'desc')).items)).toEqual([b.id, c.id, a.id, d.id]);
    expect(idsOf((await page('size:all', 'asc')).items)).toEqual([d.id, a.id, c.id, b.id]);
    expect(idsOf((await page('size:repos:all', 'desc')).items)).toEqual([c.id, a.id, d.id, b.id]);
    expect(idsOf((await page('size:repos:all', 'asc')).items)).toEqual([b.id, d.id, a.id, c.id]);
    expect(idsOf((await page('size:assets:packages:all', 'desc')).items)).toEqual([b.id, c.id, a.id, d.id]);
    expect(idsOf((await page('size:wiki', 'asc')).items)).toEqual([a.id, b.id, c.id, d.id]);
    const second = await page('size:all', 'desc', 2, 2);
    expect({ total: second.total, ids: idsOf(second.items) }).toEqual({ total: 4, ids: [a.id, d.id] });
  });

  it('filters by over quota, kind and a part of the name (wildcards taken literally), counting the matches', async () => {
    const { db } = ctx();
    const user = await ownerTagged(db, 'Flt_Q');
    const org = await ownerTagged(db, 'flt_q', 'organization');
    const other = await ownerTagged(db, 'fltxq');
    await db.ownerQuotaSummaries.write([
      figures(user.id, { packages: 9 }, true),
      figures(org.id, { packages: 8 }),
      figures(other.id, {}, true),
    ]);
    const page = (filter: { over?: boolean; kind?: 'user' | 'organization'; nameContains: string }) =>
      db.ownerQuotaSummaries.page({ sort: 'size:all', order: 'desc', offset: 0, limit: 10, ...filter });
    expect(await page({ nameContains: 'FLT_Q' })).toMatchObject({ total: 2 });
    expect(idsOf((await page({ nameContains: 'flt_q' })).items)).toEqual([user.id, org.id]);
    expect(idsOf((await page({ nameContains: 'flt', over: true })).items)).toEqual([user.id, other.id]);
    expect(idsOf((await page({ nameContains: 'flt', over: false })).items)).toEqual([org.id]);
    expect(idsOf((await page({ nameContains: 'flt', kind: 'organization' })).items)).toEqual([org.id]);
    expect(await page({ nameContains: 'flt', kind: 'user', over: true })).toMatchObject({ total: 2 });
    expect(await page({ nameContains: 'flt%' })).toMatchObject({ total: 0 });
  });

  it('totals every row: the sum of the pages, owners and owners over quota, through writes that move rows between totals', async () => {
    const { db } = ctx();
    const owner = await ownerTagged(db, 'tot');
    const org = await ownerTagged(db, 'tot', 'organization');
    await expectTotalsToBeTheSumOfEveryRow(db);
    await db.ownerQuotaSummaries.write([
      figures(owner.id, { artifacts: 1234, 'attachments:issues': 5 }, true),
      figures(org.id, { packages: 7 }),
    ]);
    await expectTotalsToBeTheSumOfEveryRow(db);
    await db.ownerQuotaSummaries.write([figures(owner.id, { artifacts: 34 }, false), figures(org.id, { packages: 9 }, true)]);
    await expectTotalsToBeTheSumOfEveryRow(db);
    expect((await db.ownerQuotaSummaries.totals()).usage.bytesIn('artifacts')).toBeGreaterThanOrEqual(34);
    await db.transaction((tx) => tx.owners.delete(org.id));
    await expectTotalsToBeTheSumOfEveryRow(db);
  });

  it('drops the row of a deleted owner and skips figures written for it afterwards', async () => {
    const { db } = ctx();
    const owner = await ownerTagged(db, 'gone');
    await db.transaction((tx) => tx.owners.delete(owner.id));
    await db.ownerQuotaSummaries.write([figures(owner.id, { packages: 1 })]);
    expect(
      (await db.ownerQuotaSummaries.page({ sort: 'size:all', order: 'desc', nameContains: owner.name, offset: 0, limit: 10 })).total,
    ).toBe(0);
  });

  it("reads a batch of owners' ledger figures (summed over stripes) and assigned group names in name order", async () => {
    const { db } = ctx();
    const [a, b, c] = [await ownerTagged(db, 'batch'), await ownerTagged(db, 'batch'), await ownerTagged(db, 'batch')];
    await db.dataSource.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${a.id}, 'artifacts', 0, 4), (${a.id}, 'artifacts', 9, 6), (${b.id}, 'git:lfs', 0, 3)`,
    );
    const usage = await db.ownerQuotaSummaries.ledgerUsageOf([a.id, b.id, c.id]);
    expect([usage.get(a.id)?.bytesIn('artifacts'), usage.get(b.id)?.bytesFor(['size:all']), usage.has(c.id)]).toEqual([10, 3, false]);

    for (const name of ['Zeta', 'alpha']) expect(await db.quotaLimits.createGroup(QuotaGroup.create(`${name}${seq}`, []))).toBe('ok');
    await db.quotaLimits.replaceAssignments(a.id, [`Zeta${seq}`, `alpha${seq}`]);
    const names = await db.ownerQuotaSummaries.assignedGroupNamesOf([a.id, b.id]);
    expect([names.get(a.id), names.has(b.id)]).toEqual([[`alpha${seq}`, `Zeta${seq}`], false]);
  });

  it('refreshes from the ledger and assignments it reads after waiting for any other writer, so it writes what committed before it', async () => {
    const { db } = ctx();
    const owner = await ownerTagged(db, 'rf');
    await db.dataSource.query(`INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${owner.id}, 'packages', 0, 10)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Another writer holds the totals (as a refresh does) while it changes the ledger, and commits later.
    const other = db.transaction(async (tx) => {
      await tx.ownerQuotaSummaries.write([figures(owner.id, { packages: 10 })]);
      locked();
      await held;
      await tx.repositories.insert({ ownerId: owner.id, name: `rf${seq++}`, gitSize: 5 });
    });
    await lockTaken;
    const seen: number[] = [];
    const refresh = db.ownerQuotaSummaries.refresh([owner.id], (ledger, assigned) => {
      seen.push(ledger.get(owner.id)?.bytesFor(['size:all']) ?? -1);
      return [{ ownerId: owner.id, usage: ledger.get(owner.id)!, groups: assigned.get(owner.id) ?? [], overQuota: false }];
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([other, refresh]);
    expect(seen).toEqual([15]);
    const { items } = await db.ownerQuotaSummaries.page({ sort: 'size:all', order: 'desc', nameContains: owner.name, offset: 0, limit: 1 });
    expect(items[0].usage.toJSON()).toMatchObject({ packages: 10, 'repos:public': 5 });
  });

  it('writes the same figures for every owner with no group and no ledger row, touching only rows that differ', async () => {
    const { db } = ctx();
    const [idle, assigned, storing] = [await ownerTagged(db, 'idle'), await ownerTagged(db, 'idle'), await ownerTagged(db, 'idle')];
    expect(await db.quotaLimits.createGroup(QuotaGroup.create(`idlegroup${seq}`, []))).toBe('ok');
    await db.quotaLimits.replaceAssignments(assigned.id, [`idlegroup${seq}`]);
    await db.dataSource.query(`INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${storing.id}, 'packages', 0, 0)`);
    await db.ownerQuotaSummaries.write([figures(assigned.id, {}, false, [`idlegroup${seq}`]), figures(storing.id, {})]);

    expect(await db.ownerQuotaSummaries.writeForIdleOwners(['std'], true)).toBeGreaterThanOrEqual(1);
    expect(await db.ownerQuotaSummaries.writeForIdleOwners(['std'], true)).toBe(0);
    const { items } = await db.ownerQuotaSummaries.page({ sort: 'size:wiki', order: 'asc', nameContains: 'idle', offset: 0, limit: 10 });
    expect(items.map((item) => [item.ownerId, item.groups, item.overQuota])).toEqual([
      [idle.id, ['std'], true],
      [assigned.id, [`idlegroup${seq}`], false],
      [storing.id, [], false],
    ]);
    expect(await db.ownerQuotaSummaries.neverRefreshed(100000)).not.toContain(idle.id);
    await expectTotalsToBeTheSumOfEveryRow(db);
  });

  it('the migration backfills a row per existing owner from the ledger, summed over stripes, never refreshed', async () => {
    const { db } = ctx();
    const owner = await ownerTagged(db, 'bf');
    const org = await ownerTagged(db, 'bf', 'organization');
    await db.dataSource.query(
      `INSERT INTO owner_quota_usage (owner_id, bucket, stripe, bytes) VALUES (${owner.id}, 'packages', 0, 10), (${owner.id}, 'packages', 3, 5), (${owner.id}, 'repos:public', 0, 7)`,
    );
    const runner = db.dataSource.createQueryRunner();
    try {
      const [summaries, totals] = [new OwnerQuotaSummary1763800043000(), new OwnerQuotaTotals1763800043100()];
      await totals.down(runner);
      await summaries.down(runner);
      await summaries.up(runner);
      await totals.up(runner);
    } finally {
      await runner.release();
    }
    const { items } = await db.ownerQuotaSummaries.page({ sort: 'size:all', order: 'desc', nameContains: 'bf', offset: 0, limit: 10 });
    expect(items.map((item) => [item.ownerId, item.kind, item.usage.bytesFor(['size:all']), item.usage.bytesIn('packages')])).toEqual([
      [owner.id, 'user', 22, 15],
      [org.id, 'organization', 0, 0],
    ]);
    expect(await db.ownerQuotaSummaries.neverRefreshed(100000)).toEqual(expect.arrayContaining([owner.id, org.id]));
    await expectTotalsToBeTheSumOfEveryRow(db);
  });
});

/** The totals the triggers keep equal a count and sum over every row, whatever happened to them. */
async function expectTotalsToBeTheSumOfEveryRow(db: Database): Promise<void> {
  const totals = await db.ownerQuotaSummaries.totals();
  const all = await db.ownerQuotaSummaries.page({ sort: 'size:all', order: 'desc', offset: 0, limit: 100000 });
  expect(totals.owners).toBe(all.total);
  expect(totals.owners).toBe(all.items.length);
  expect(totals.ownersOverQuota).toBe(all.items.filter((item) => item.overQuota).length);
  const sum = (pick: (usage: QuotaUsage) => number) => all.items.reduce((total, item) => total + pick(item.usage), 0);
  expect(totals.usage.toJSON()).toEqual(
    QuotaUsage.of(Object.fromEntries(Object.keys(totals.usage.toJSON()).map((b) => [b, sum((u) => u.bytesIn(b as never))]))).toJSON(),
  );
  for (const over of [true, false]) {
    for (const kind of ['user', 'organization'] as const) {
      const filtered = await db.ownerQuotaSummaries.page({ sort: 'size:all', order: 'desc', over, kind, offset: 0, limit: 100000 });
      expect([over, kind, filtered.total]).toEqual([over, kind, filtered.items.length]);
    }
  }
}
