import { UsageLedger } from '../src/quota/usage-ledger';
import { describeEachEngine } from './support/each-engine';
import { insertOwner } from './support/quota-fixtures';
import { storeSizedBytes } from './support/sized-fixtures';

/** The quota outbox (issue 16): every change of the usage ledger adds its owners, in the ledger's own transaction. */
describeEachEngine('quota outbox', (ctx) => {
  const outboxOf = async (ownerId: number): Promise<number> => {
    const rows: { n: number | string }[] = await ctx().db.dataSource.query(
      `SELECT COUNT(*) AS n FROM quota_owner_outbox WHERE owner_id = ${ownerId}`,
    );
    return Number(rows[0].n);
  };

  it('an upload (a stored package file) adds its owner to the outbox', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await storeSizedBytes(db, owner.id, { packages: 100 });
    expect(await outboxOf(owner.id)).toBeGreaterThan(0);
  });

  it('a rolled-back ledger change leaves neither its figure nor an outbox row', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await expect(
      db.dataSource.transaction(async (manager) => {
        await new UsageLedger(manager).apply([{ ownerId: owner.id, bucket: 'packages', delta: 500 }]);
        expect(await new UsageLedger(manager).bytesOf(owner.id)).toMatchObject({ packages: 500 });
        throw new Error('the upload failed after its row was written');
      }),
    ).rejects.toThrow('the upload failed');
    expect((await db.quotaUsage.usageOf(owner.id)).bytesIn('packages')).toBe(0);
    expect(await outboxOf(owner.id)).toBe(0);
  });

  it('one change of several buckets of one owner adds one row; several owners one row each', async () => {
    const { db } = ctx();
    const [a, b] = [await insertOwner(db), await insertOwner(db)];
    await db.dataSource.transaction((manager) =>
      new UsageLedger(manager).apply([
        { ownerId: a.id, bucket: 'packages', delta: 1 },
        { ownerId: a.id, bucket: 'artifacts', delta: 2 },
        { ownerId: b.id, bucket: 'packages', delta: 3 },
      ]),
    );
    expect([await outboxOf(a.id), await outboxOf(b.id)]).toEqual([1, 1]);
  });

  it("the recount's repair (set) adds the owner too", async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await db.dataSource.transaction((manager) => new UsageLedger(manager).set(owner.id, 'packages', 42));
    expect(await outboxOf(owner.id)).toBe(1);
  });

  it('the worker side claims rows once, oldest first, and answers distinct owners; the signal fires after commit only', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await db.quotaWarnings.claimOutbox((await db.quotaWarnings.peekOutbox(1000)).map((row) => row.id)); // what other tests left
    let signals = 0;
    db.quotaOutbox.onCommitted(() => signals++);
    await db.dataSource.transaction((manager) => new UsageLedger(manager).apply([{ ownerId: owner.id, bucket: 'packages', delta: 1 }]));
    await db.dataSource.transaction((manager) => new UsageLedger(manager).apply([{ ownerId: owner.id, bucket: 'packages', delta: 1 }]));
    await db.dataSource
      .transaction(async (manager) => {
        await new UsageLedger(manager).apply([{ ownerId: owner.id, bucket: 'packages', delta: 1 }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(signals).toBe(2);
    expect(await db.quotaOutbox.hasPending()).toBe(true);
    const peeked = await db.quotaWarnings.peekOutbox(10);
    expect(peeked.map((row) => row.ownerId)).toEqual([owner.id, owner.id]);
    expect(peeked[0].id).toBeLessThan(peeked[1].id);
    expect(await db.transaction((tx) => tx.quotaWarnings.claimOutbox(peeked.map((row) => row.id)))).toEqual([owner.id]);
    expect(await db.quotaOutbox.hasPending()).toBe(false);
    expect(await db.transaction((tx) => tx.quotaWarnings.claimOutbox(peeked.map((row) => row.id)))).toEqual([]);
  });

  it('fired thresholds are inserted once and deleted once (a second worker would find nothing to do)', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const t = { group: 'plan', rule: 'all', threshold: 50 };
    expect(await db.quotaWarnings.fire(owner.id, [t])).toEqual([t]);
    expect(await db.quotaWarnings.fire(owner.id, [t])).toEqual([]);
    expect(await db.quotaWarnings.firedOf(owner.id)).toEqual([t]);
    expect(await db.quotaWarnings.rearm(owner.id, [t])).toEqual([t]);
    expect(await db.quotaWarnings.rearm(owner.id, [t])).toEqual([]);
  });

  it('events are listed newest first with a total', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const base = { ownerId: owner.id, group: 'plan', rule: 'all', subjects: ['size:all' as const], limit: 100, createdAt: new Date() };
    await db.quotaWarnings.recordEvent({ ...base, usage: 60, threshold: 50, direction: 'up' });
    const second = await db.quotaWarnings.recordEvent({ ...base, usage: 40, threshold: 50, direction: 'down' });
    const [events, total] = await db.quotaWarnings.listEvents({ ownerId: owner.id }, 0, 1);
    expect(total).toBe(2);
    expect(events).toEqual([second]);
    expect(await db.quotaWarnings.findEvent(second.id)).toEqual(second);
  });
});
