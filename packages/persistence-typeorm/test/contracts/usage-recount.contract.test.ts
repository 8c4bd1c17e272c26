import { UsageRecount } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwnerWithUsage, tamperWithLedger } from '../support/quota-fixtures';

/** The UsageRecount port: the ledger compared with (and repaired from) the sized rows (run on SQLite and PostgreSQL). */
describeEachEngine('UsageRecount contract', (ctx) => {
  const recount = (): UsageRecount => ctx().db.quotaRecount;

  const ownerWithUsage = () => insertOwnerWithUsage(ctx().db);
  const tamper = (ownerId: number, bucket: string, bytes: number) => tamperWithLedger(ctx().db, ownerId, bucket, bytes);

  it("counts an owner's bytes per bucket from the rows, 0 where nothing counts", async () => {
    const owner = await ownerWithUsage();
    expect(await recount().countedFor(owner.id)).toEqual({
      'repos:public': 300,
      'repos:private': 0,
      'git:lfs': 0,
      'attachments:issues': 0,
      'attachments:releases': 0,
      artifacts: 0,
      packages: 40,
    });
    expect(await recount().differences(owner.id)).toEqual([]);
  });

  it('reports the figures that differ, ordered by owner and bucket, for one owner or all', async () => {
    const owner = await ownerWithUsage();
    const other = await ownerWithUsage();
    await tamper(owner.id, 'repos:public', 1);
    await tamper(owner.id, 'packages', 2);
    await tamper(other.id, 'packages', 3);
    expect(await recount().differences(owner.id)).toEqual([
      { ownerId: owner.id, bucket: 'packages', stored: 2, counted: 40 },
      { ownerId: owner.id, bucket: 'repos:public', stored: 1, counted: 300 },
    ]);
    const all = (await recount().differences()).filter((d) => d.ownerId === owner.id || d.ownerId === other.id);
    expect(all.map((d) => [d.ownerId, d.bucket])).toEqual([
      [owner.id, 'packages'],
      [owner.id, 'repos:public'],
      [other.id, 'packages'],
    ]);
    await recount().fix();
  });

  it('fixes the figures of one owner only, answering what it fixed', async () => {
    const owner = await ownerWithUsage();
    const other = await ownerWithUsage();
    await tamper(owner.id, 'packages', 2);
    await tamper(other.id, 'packages', 3);
    expect(await recount().fix(owner.id)).toEqual([{ ownerId: owner.id, bucket: 'packages', stored: 2, counted: 40 }]);
    expect(await recount().differences(owner.id)).toEqual([]);
    expect(await recount().differences(other.id)).toHaveLength(1);
    expect(await recount().fix()).toEqual(expect.arrayContaining([{ ownerId: other.id, bucket: 'packages', stored: 3, counted: 40 }]));
    expect(await recount().fix()).toEqual([]);
  });
});
