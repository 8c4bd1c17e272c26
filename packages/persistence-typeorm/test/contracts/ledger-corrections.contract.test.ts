import { LedgerCorrections } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwnerWithUsage, tamperWithLedger } from '../support/quota-fixtures';

/** The LedgerCorrections port: the recount's repairs, counted durably in the repair's transaction (run on SQLite and PostgreSQL). */
describeEachEngine('LedgerCorrections contract', (ctx) => {
  const corrections = (): LedgerCorrections => ctx().db.ledgerCorrections;

  const ownerWithUsage = () => insertOwnerWithUsage(ctx().db);
  const tamper = (ownerId: number, bucket: string, bytes: number) => tamperWithLedger(ctx().db, ownerId, bucket, bytes);

  it('starts at zero on a new database', async () => {
    expect(await corrections().totals()).toEqual({ corrections: 0, bytes: 0 });
  });

  it('grows by the figures the recount rewrote and the bytes they were off by, in either direction', async () => {
    const owner = await ownerWithUsage();
    const before = await corrections().totals();
    await tamper(owner.id, 'repos:public', 1); // 299 too few
    await tamper(owner.id, 'packages', 100); // 60 too many
    await ctx().db.quotaRecount.fix(owner.id);
    expect(await corrections().totals()).toEqual({ corrections: before.corrections + 2, bytes: before.bytes + 299 + 60 });
  });

  it('does not move when the recount only looks, or finds nothing to fix', async () => {
    const owner = await ownerWithUsage();
    await tamper(owner.id, 'packages', 7);
    const before = await corrections().totals();
    await ctx().db.quotaRecount.differences(owner.id);
    expect(await corrections().totals()).toEqual(before);
    await ctx().db.quotaRecount.fix(owner.id);
    const fixed = await corrections().totals();
    expect(fixed).toEqual({ corrections: before.corrections + 1, bytes: before.bytes + 33 });
    expect(await ctx().db.quotaRecount.fix(owner.id)).toEqual([]);
    expect(await corrections().totals()).toEqual(fixed);
  });

  it('is counted in the repair’s transaction: a repair rolled back counts nothing', async () => {
    const { db } = ctx();
    const owner = await ownerWithUsage();
    await tamper(owner.id, 'repos:public', 5);
    const before = await corrections().totals();
    const abort = new Error('rolled back on purpose');
    await expect(
      db.transaction(async (tx) => {
        await tx.quotaRecount.fix(owner.id);
        expect((await tx.ledgerCorrections.totals()).corrections).toBe(before.corrections + 1);
        throw abort;
      }),
    ).rejects.toBe(abort);
    expect(await corrections().totals()).toEqual(before);
    expect(await db.quotaRecount.differences(owner.id)).toHaveLength(1);
  });
});
