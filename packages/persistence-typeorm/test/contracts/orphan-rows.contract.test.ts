import { OrphanRows, UsageRecount } from '@bellows/domain';
import { Database } from '../../src/database';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/**
 * The OrphanRows port: rows whose parent is gone are found with their owner and
 * size, and removed with the ledger kept equal to the recount (run on SQLite
 * and PostgreSQL). orphan-rows.test.ts makes an orphan of every kind.
 */
describeEachEngine('OrphanRows contract', (ctx) => {
  const orphans = (): OrphanRows => ctx().db.orphanRows;
  const recount = (): UsageRecount => ctx().db.quotaRecount;

  /** An owner with a release attachment whose release row is gone (a crash between two statements). */
  async function ownerWithOrphanAttachment(db: Database) {
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const now = new Date();
    const release = await db.releases.create({
      repoId: repo.id,
      tagName: uniqueName('v'),
      targetCommitish: 'main',
      name: 'r',
      body: '',
      isDraft: false,
      isPrerelease: false,
      publisherId: null,
      sha1: null,
      createdAt: now,
      publishedAt: now,
    });
    const attachment = await db.attachments.insert({ repoId: repo.id, releaseId: release.id, name: 'a.zip', size: 1234, uploaderId: null });
    await db.dataSource.query(`DELETE FROM release WHERE id = ${release.id}`);
    return { owner, attachment, releaseId: release.id };
  }

  it('finds nothing for an owner whose rows all have their parents', async () => {
    const owner = await insertOwner(ctx().db);
    expect(await orphans().find(owner.id)).toEqual([]);
  });

  it('finds an orphan with its kind, size, reason and the owner it counts for', async () => {
    const { owner, attachment, releaseId } = await ownerWithOrphanAttachment(ctx().db);
    expect(await orphans().find(owner.id)).toEqual([
      { kind: 'attachment', id: String(attachment.id), size: 1234, reason: `release ${releaseId} is gone`, ownerId: owner.id },
    ]);
    expect(await orphans().find()).toContainEqual(expect.objectContaining({ kind: 'attachment', id: String(attachment.id) }));
    await orphans().removeAll(owner.id);
  });

  it('removes an orphan once, taking its bytes off the ledger so that it equals the recount', async () => {
    const { owner } = await ownerWithOrphanAttachment(ctx().db);
    const [orphan] = await orphans().find(owner.id);
    expect(await orphans().remove(orphan)).toBe(true);
    expect(await orphans().remove(orphan)).toBe(false);
    expect(await orphans().find(owner.id)).toEqual([]);
    expect(await recount().differences(owner.id)).toEqual([]);
  });

  it("removes all of one owner's orphans and leaves other owners' alone", async () => {
    const { db } = ctx();
    const mine = await ownerWithOrphanAttachment(db);
    const theirs = await ownerWithOrphanAttachment(db);
    expect((await orphans().removeAll(mine.owner.id)).map((o) => o.id)).toEqual([String(mine.attachment.id)]);
    expect(await orphans().find(mine.owner.id)).toEqual([]);
    expect(await orphans().find(theirs.owner.id)).toHaveLength(1);
    expect(await orphans().removeAll(theirs.owner.id)).toHaveLength(1);
    expect(await recount().differences(theirs.owner.id)).toEqual([]);
  });
});
