import { ContainerGoneError } from '@bellows/domain';
import { Database } from '../src/database';
import { describeEachEngine } from './support/each-engine';
import { createTestContainers } from '../src/testing/containers';
import { insertOwner, uniqueName } from './support/quota-fixtures';

describeEachEngine('quota usage ledger', (ctx) => {
  const usage = async (db: Database, ownerId: number) => (await db.quotaUsage.usageOf(ownerId)).toJSON();
  const repoOf = (db: Database, ownerId: number, options: { isPrivate?: boolean; gitSize?: number; lfsSize?: number } = {}) =>
    db.repositories.insert({ ownerId, name: uniqueName('repo'), ...options });

  it('reads zero for an owner that stores nothing', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    expect(Object.values(await usage(db, owner.id))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('follows repository sizes and moves git bytes between public and private', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await repoOf(db, owner.id, { gitSize: 100, lfsSize: 7 });
    expect(await usage(db, owner.id)).toMatchObject({ 'repos:public': 100, 'repos:private': 0, 'git:lfs': 7 });
    await db.repositories.setGitSize(repo.id, 250);
    await db.repositories.setLfsSize(repo.id, 3);
    expect(await usage(db, owner.id)).toMatchObject({ 'repos:public': 250, 'git:lfs': 3 });
    await db.repositories.setPrivate(repo.id, true);
    expect(await usage(db, owner.id)).toMatchObject({ 'repos:public': 0, 'repos:private': 250 });
    await db.repositories.setGitSize(repo.id, 40);
    expect(await usage(db, owner.id)).toMatchObject({ 'repos:public': 0, 'repos:private': 40 });
  });

  it("counts an organization's attachment for the organization, not the uploader", async () => {
    const { db } = ctx();
    const uploader = await insertOwner(db, 'user');
    const org = await insertOwner(db, 'organization');
    const repo = await repoOf(db, org.id);
    const { issueId, commentId, releaseId } = await createTestContainers(db, repo.id, repo.ownerId);
    await db.attachments.insert({ repoId: repo.id, issueId, name: 'a.txt', size: 30, uploaderId: uploader.id });
    await db.attachments.insert({ repoId: repo.id, issueId, commentId, name: 'b.txt', size: 12, uploaderId: uploader.id });
    const release = await db.attachments.insert({ repoId: repo.id, releaseId, name: 'c.zip', size: 500, uploaderId: uploader.id });
    expect(await usage(db, org.id)).toMatchObject({ 'attachments:issues': 42, 'attachments:releases': 500 });
    expect(await usage(db, uploader.id)).toMatchObject({ 'attachments:issues': 0, 'attachments:releases': 0 });
    await db.attachments.delete(release.id);
    expect(await usage(db, org.id)).toMatchObject({ 'attachments:releases': 0 });
    expect(await db.attachments.delete(release.id)).toBe(false);
  });

  it('counts package files at their blob size for the package owner, and forgets deleted versions', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const pkg = await db.packages.createPackage({ ownerId: owner.id, type: 'generic', name: uniqueName('pkg') });
    const v1 = await db.packages.createVersion(pkg.id, '1.0.0');
    const v2 = await db.packages.createVersion(pkg.id, '2.0.0');
    const blob = await db.packages.putBlob(uniqueName('sha').padEnd(64, '0').slice(0, 64), 1000);
    await db.packages.addFile(v1.id, blob.id, 'a.tgz');
    await db.packages.addFile(v2.id, blob.id, 'a.tgz');
    expect(await usage(db, owner.id)).toMatchObject({ packages: 2000 });
    await db.packages.deleteVersion(v1.id);
    expect(await usage(db, owner.id)).toMatchObject({ packages: 1000 });
    await db.packages.deletePackage(pkg.id);
    expect(await usage(db, owner.id)).toMatchObject({ packages: 0 });
  });

  it('counts artifacts while they are active', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await repoOf(db, owner.id);
    const { runId } = await createTestContainers(db, repo.id, repo.ownerId);
    const artifact = await db.artifacts.insert({ repoId: repo.id, runId, name: 'build', compressedSize: 64 });
    await db.artifacts.insert({ repoId: repo.id, runId, name: 'logs', compressedSize: 6 });
    expect(await usage(db, owner.id)).toMatchObject({ artifacts: 70 });
    expect(await db.artifacts.markExpired(artifact.id)).toBe(true);
    expect(await db.artifacts.markExpired(artifact.id)).toBe(false);
    await db.artifacts.delete(artifact.id);
    expect(await usage(db, owner.id)).toMatchObject({ artifacts: 6 });
  });

  it('takes a deleted repository off the ledger with its attachments and artifacts', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await repoOf(db, owner.id, { isPrivate: true, gitSize: 10, lfsSize: 20 });
    const { issueId, runId } = await createTestContainers(db, repo.id, repo.ownerId);
    await db.attachments.insert({ repoId: repo.id, issueId, name: 'x', size: 5, uploaderId: owner.id });
    await db.artifacts.insert({ repoId: repo.id, runId, name: 'y', compressedSize: 9 });
    await db.repositories.delete(repo.id);
    expect(Object.values(await usage(db, owner.id))).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await db.quotaRecount.differences(owner.id)).toEqual([]);
  });

  it('refuses to record a file for a container that is gone, and deletes a container with its attachments', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await repoOf(db, owner.id);
    const { issueId, commentId, releaseId, runId } = await createTestContainers(db, repo.id, repo.ownerId);
    await db.attachments.insert({ repoId: repo.id, issueId, name: 'a', size: 10, uploaderId: null });
    await db.attachments.insert({ repoId: repo.id, issueId, commentId, name: 'b', size: 20, uploaderId: null });
    expect((await db.attachments.deleteContainer('comment', commentId))?.map((a) => a.name)).toEqual(['b']);
    expect(await db.attachments.deleteContainer('comment', commentId)).toBeNull();
    await expect(db.attachments.insert({ repoId: repo.id, issueId, commentId, name: 'late', size: 5, uploaderId: null })).rejects.toThrow(
      ContainerGoneError,
    );
    expect(await db.attachments.deleteContainer('release', releaseId)).toEqual([]);
    await expect(db.attachments.insert({ repoId: repo.id, releaseId, name: 'late', size: 5, uploaderId: null })).rejects.toThrow(
      /release .* does not exist/,
    );
    expect(await usage(db, owner.id)).toMatchObject({ 'attachments:issues': 10, 'attachments:releases': 0 });
    await db.repositories.delete(repo.id);
    await expect(db.artifacts.insert({ repoId: repo.id, runId, name: 'late', compressedSize: 5 })).rejects.toThrow(
      /repository .* does not exist/,
    );
    await expect(db.lfs.reference(repo.id, 'a'.repeat(64), 5)).rejects.toThrow(ContainerGoneError);
    expect(await db.quotaRecount.differences(owner.id)).toEqual([]);
  });

  it('rolls the ledger back with the rows when a transaction fails', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await repoOf(db, owner.id);
    const { issueId } = await createTestContainers(db, repo.id, repo.ownerId);
    await expect(
      db.transaction(async (tx) => {
        await tx.attachments.insert({ repoId: repo.id, issueId, name: 'x', size: 77, uploaderId: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await usage(db, owner.id)).toMatchObject({ 'attachments:issues': 0 });
  });

  it('recount reports and fixes a ledger that drifted from the rows', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    await repoOf(db, owner.id, { gitSize: 300 });
    await db.dataSource.query(`UPDATE owner_quota_usage SET bytes = 1 WHERE owner_id = ${owner.id} AND bucket = 'repos:public'`);
    expect(await db.quotaRecount.differences(owner.id)).toEqual([{ ownerId: owner.id, bucket: 'repos:public', stored: 1, counted: 300 }]);
    expect(await db.quotaRecount.fix(owner.id)).toHaveLength(1);
    expect(await db.quotaRecount.differences(owner.id)).toEqual([]);
    expect(await usage(db, owner.id)).toMatchObject({ 'repos:public': 300 });
  });

  it('keeps exact totals under many parallel uploads and deletions for one owner', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db, 'organization');
    const repos = [await repoOf(db, owner.id), await repoOf(db, owner.id)];
    const parents = [await createTestContainers(db, repos[0].id, owner.id), await createTestContainers(db, repos[1].id, owner.id)];
    const first = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) =>
          tx.attachments.insert({
            repoId: repos[i % 2].id,
            issueId: i % 3 ? parents[i % 2].issueId : null,
            releaseId: i % 3 ? null : parents[i % 2].releaseId,
            name: `f${i}`,
            size: 100 + i,
            uploaderId: null,
          }),
        ),
      ),
    );
    await Promise.all([
      ...first.filter((_, i) => i % 2 === 0).map((a) => db.transaction((tx) => tx.attachments.delete(a.id))),
      ...first.filter((_, i) => i % 4 === 1).map((a) => db.transaction((tx) => tx.attachments.delete(a.id))), // racing deletions of the same rows
      ...first.filter((_, i) => i % 4 === 1).map((a) => db.attachments.delete(a.id)),
      ...Array.from({ length: 20 }, (_, i) =>
        db.attachments.insert({
          repoId: repos[i % 2].id,
          issueId: parents[i % 2].issueId,
          name: `g${i}`,
          size: 1000 + i,
          uploaderId: null,
        }),
      ),
      db.repositories.setGitSize(repos[0].id, 5000),
      db.repositories.setPrivate(repos[1].id, true),
    ]);
    expect(await db.quotaRecount.differences(owner.id)).toEqual([]);
    const remaining = first.filter((_, i) => i % 2 === 1 && i % 4 !== 1).reduce((sum, a) => sum + a.size, 0);
    const added = Array.from({ length: 20 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0);
    const stored = await usage(db, owner.id);
    expect(stored['attachments:issues'] + stored['attachments:releases']).toBe(remaining + added);
  });
});
