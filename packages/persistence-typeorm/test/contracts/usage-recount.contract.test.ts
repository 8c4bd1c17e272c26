import { UsageRecount } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The UsageRecount port: the ledger compared with (and repaired from) the sized rows (run on SQLite and PostgreSQL). */
describeEachEngine('UsageRecount contract', (ctx) => {
  const recount = (): UsageRecount => ctx().db.quotaRecount;

  /** An owner with a 40-byte package file and a 300-byte public repository. */
  async function ownerWithUsage() {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo'), gitSize: 300 });
    const pkg = await db.packages.createPackage({ ownerId: owner.id, type: 'generic', name: uniqueName('p') });
    const version = await db.packages.createVersion(pkg.id, '1');
    const blob = await db.packages.putBlob(Buffer.from(uniqueName('b')).toString('hex').padEnd(64, '0').slice(0, 64), 40);
    await db.packages.addFile(version.id, blob.id, 'f');
    return owner;
  }

  const tamper = (ownerId: number, bucket: string, bytes: number) =>
    ctx().db.dataSource.query(`UPDATE owner_quota_usage SET bytes = ${bytes} WHERE owner_id = ${ownerId} AND bucket = '${bucket}'`);

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
