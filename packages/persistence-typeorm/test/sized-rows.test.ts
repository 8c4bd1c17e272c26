import { SizedThing, USAGE_BUCKETS, UsageBucket, bucketOf } from '@bellows/domain';
import { Database } from '../src/database';
import { createTestContainers } from '../src/testing/containers';
import { describeEachEngine } from './support/each-engine';
import { insertOwner, uniqueName } from './support/quota-fixtures';

/**
 * The bucket rule exists once, in the domain (`bucketOf`). The stores apply it
 * through UsageChanges; the recount counts with SQL of its own. This proves the
 * two agree for every kind of sized row and every state that decides a bucket:
 * each row gets a distinct power-of-two size, so a row counted in the wrong
 * bucket, twice, or not at all shows in the figures.
 */
describeEachEngine('sized rows and the bucket rule', (ctx) => {
  /** Every kind and state, with what the domain says about it, recorded through the stores. */
  async function storeOneOfEach(db: Database, ownerId: number): Promise<Array<{ thing: SizedThing; size: number }>> {
    const sizes = USAGE_BUCKETS.length * 3;
    let next = 1;
    const size = () => {
      next *= 2;
      if (next > 2 ** sizes) throw new Error('too many rows for distinct sizes');
      return next;
    };
    const recorded: Array<{ thing: SizedThing; size: number }> = [];
    const publicGit = size(),
      publicLfs = size(),
      privateGit = size(),
      privateLfs = size();
    const repo = await db.repositories.insert({ ownerId, name: uniqueName('public'), gitSize: publicGit, lfsSize: publicLfs });
    await db.repositories.insert({ ownerId, name: uniqueName('private'), isPrivate: true, gitSize: privateGit, lfsSize: privateLfs });
    recorded.push(
      { thing: { kind: 'repository-git', isPrivate: false }, size: publicGit },
      { thing: { kind: 'repository-lfs' }, size: publicLfs },
      { thing: { kind: 'repository-git', isPrivate: true }, size: privateGit },
      { thing: { kind: 'repository-lfs' }, size: privateLfs },
    );

    const { issueId, commentId, releaseId, runId } = await createTestContainers(db, repo.id, ownerId);
    const attachments: Array<[SizedThing, { issueId?: number; commentId?: number; releaseId?: number }]> = [
      [{ kind: 'attachment', heldBy: 'issue' }, { issueId }],
      [
        { kind: 'attachment', heldBy: 'comment' },
        { issueId, commentId },
      ],
      [{ kind: 'attachment', heldBy: 'release' }, { releaseId }],
      [{ kind: 'attachment', heldBy: 'nothing' }, {}],
    ];
    for (const [thing, links] of attachments) {
      const bytes = size();
      await db.attachments.insert({ repoId: repo.id, name: 'a.bin', size: bytes, uploaderId: ownerId, ...links });
      recorded.push({ thing, size: bytes });
    }

    const pkg = await db.packages.createPackage({ ownerId, type: 'generic', name: uniqueName('pkg') });
    const version = await db.packages.createVersion(pkg.id, '1.0.0');
    const fileSize = size();
    const blob = await db.packages.putBlob(uniqueName('sha').padEnd(64, '0').slice(0, 64), fileSize);
    await db.packages.addFile(version.id, blob.id, 'f.tgz');
    recorded.push({ thing: { kind: 'package-file' }, size: fileSize });

    const activeSize = size(),
      expiredSize = size();
    await db.artifacts.insert({ repoId: repo.id, runId, name: 'active', compressedSize: activeSize });
    const expired = await db.artifacts.insert({ repoId: repo.id, runId, name: 'expired', compressedSize: expiredSize });
    await db.artifacts.markExpired(expired.id);
    recorded.push(
      { thing: { kind: 'artifact', active: true }, size: activeSize },
      { thing: { kind: 'artifact', active: false }, size: expiredSize },
    );
    return recorded;
  }

  function expectedFigures(recorded: Array<{ thing: SizedThing; size: number }>): Record<UsageBucket, number> {
    const figures = Object.fromEntries(USAGE_BUCKETS.map((bucket) => [bucket, 0])) as Record<UsageBucket, number>;
    for (const { thing, size } of recorded) {
      const bucket = bucketOf(thing);
      if (bucket) figures[bucket] += size;
    }
    return figures;
  }

  it('the recount counts every kind of sized row in the bucket bucketOf gives, and the stores recorded the same', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const expected = expectedFigures(await storeOneOfEach(db, owner.id));

    expect(await db.quotaRecount.countedFor(owner.id)).toEqual(expected);
    expect((await db.quotaUsage.usageOf(owner.id)).toJSON()).toEqual(expected);
    expect(await db.quotaRecount.differences(owner.id)).toEqual([]);
  });
});
