import { Database } from '../src/database';
import { describeEachEngine } from './support/each-engine';
import { insertOwner, uniqueName } from './support/quota-fixtures';

/**
 * Finding 5 of issue 9: rows that outlive what they belong to (left by crashes,
 * races or older versions) are found with their sizes and removed so that the
 * ledger still equals the recount. Each orphan is made here the way a crash
 * would leave it: its parent's row deleted behind the stores' back.
 */
describeEachEngine('orphan rows', (ctx) => {
  const sha = (seed: string) => Buffer.from(uniqueName(seed)).toString('hex').padEnd(64, '0').slice(0, 64);

  async function release(db: Database, repoId: number) {
    const now = new Date();
    return db.releases.create({
      repoId,
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
  }

  async function run(db: Database, repoId: number) {
    return db.transaction((tx) =>
      tx.actionRuns.insert({
        repoId,
        name: 'ci',
        event: 'push',
        workflowId: 'ci.yml',
        headBranch: 'main',
        headSha: 'a'.repeat(40),
        status: 'success',
        triggeringUserId: null,
      }),
    );
  }

  /** Deletes rows with the foreign keys switched off, as a database without them (or a crash between two statements) would. */
  async function deleteBehindTheStores(db: Database, engine: string, sql: string): Promise<void> {
    if (engine === 'sqlite3') {
      await db.dataSource.query('PRAGMA foreign_keys = OFF');
      try {
        await db.dataSource.query(sql);
      } finally {
        await db.dataSource.query('PRAGMA foreign_keys = ON');
      }
    } else {
      await db.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL session_replication_role = replica');
        await manager.query(sql);
      });
    }
  }

  it('finding 5: finds and removes orphan rows of every kind, with their sizes, and the ledger still equals the recount', async () => {
    const { db, engine } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const doomedRepo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });

    // An attachment whose release row is gone (it still counts, in attachments:releases).
    const rel = await release(db, repo.id);
    const releaseAttachment = await db.attachments.insert({
      repoId: repo.id,
      releaseId: rel.id,
      name: 'a.zip',
      size: 10000,
      uploaderId: null,
    });
    const keptAttachment = await db.attachments.insert({ repoId: repo.id, name: 'loose.txt', size: 5, uploaderId: null });
    await db.dataSource.query(`DELETE FROM release WHERE id = ${rel.id}`);

    // An artifact whose run row is gone (active: it still counts, in artifacts).
    const ciRun = await run(db, repo.id);
    const artifact = await db.artifacts.insert({ repoId: repo.id, runId: ciRun.id, name: 'dist', compressedSize: 700 });
    await db.dataSource.query(`DELETE FROM action_run WHERE id = ${ciRun.id}`);

    // An LFS object whose only repository was deleted, and a reference whose repository row vanished.
    const lonelyOid = sha('lfs-lonely');
    const sharedOid = sha('lfs-shared');
    await db.lfs.reference(doomedRepo.id, lonelyOid, 300);
    await db.lfs.reference(repo.id, sharedOid, 40);
    await db.repositories.delete(doomedRepo.id);
    const vanished = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    await db.lfs.reference(vanished.id, sharedOid, 40);
    await deleteBehindTheStores(db, engine, `DELETE FROM repository WHERE id = ${vanished.id}`);

    // A package file whose version is gone, and a blob no file uses.
    const pkg = await db.packages.createPackage({ ownerId: owner.id, type: 'generic', name: uniqueName('pkg') });
    const version = await db.packages.createVersion(pkg.id, '1.0.0');
    const blob = await db.packages.putBlob(sha('pkg-blob'), 2000);
    const file = await db.packages.addFile(version.id, blob.id, 'tool.bin');
    const unused = await db.packages.putBlob(sha('pkg-unused'), 60);
    await deleteBehindTheStores(db, engine, `DELETE FROM package_version WHERE id = ${version.id}`);

    // The ledger the crash left: the repository row's disappearance skipped its store.
    await db.quotaRecount.fix();

    const orphans = await db.orphanRows.find();
    expect(orphans.map(({ kind, id, size, reason }) => `${kind} ${id} (${reason}): ${size}`)).toEqual([
      `attachment ${releaseAttachment.id} (release ${rel.id} is gone): 10000`,
      `artifact ${artifact.id} (run ${ciRun.id} is gone): 700`,
      `package file ${file.id} (package version ${version.id} is gone): 2000`,
      `package blob ${unused.id} (no package file uses it): 60`,
      `lfs reference ${vanished.id}/${sharedOid} (repository ${vanished.id} is gone): 40`,
      `lfs object ${lonelyOid} (no repository references it): 300`,
    ]);
    expect((await db.orphanRows.find(owner.id)).map((o) => o.kind)).toEqual(['attachment', 'artifact']);

    const removed = await db.orphanRows.removeAll();
    // Removing the package file left its blob unused: the same call found and removed it too.
    expect(removed).toEqual([
      ...orphans,
      { kind: 'package blob', id: String(blob.id), size: 2000, reason: 'no package file uses it', ownerId: null },
    ]);
    for (const orphan of removed) expect(await db.orphanRows.remove(orphan)).toBe(false);

    expect(await db.orphanRows.find()).toEqual([]);
    expect(await db.quotaRecount.differences()).toEqual([]);
    expect(await db.quotaUsage.usageOf(owner.id).then((u) => u.toJSON())).toMatchObject({
      'attachments:releases': 0,
      artifacts: 0,
      packages: 0,
      'git:lfs': 40,
    });
    expect(await db.attachments.findById(keptAttachment.id)).not.toBeNull(); // attached to nothing yet is no orphan
    expect(await db.lfs.findObject(sharedOid)).not.toBeNull(); // still referenced by a living repository
    expect(await db.lfs.findObject(lonelyOid)).toBeNull();
  });

  it('finding 5: removes through the stores, so the ledger moves with an orphan the recount still counts', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const rel = await release(db, repo.id);
    await db.attachments.insert({ repoId: repo.id, releaseId: rel.id, name: 'a.zip', size: 1234, uploaderId: null });
    await db.dataSource.query(`DELETE FROM release WHERE id = ${rel.id}`);
    expect(await db.quotaUsage.usageOf(owner.id).then((u) => u.toJSON())).toMatchObject({ 'attachments:releases': 1234 });
    expect(await db.quotaRecount.differences()).toEqual([]); // the recount counts it too: it hangs on its repository

    expect((await db.orphanRows.removeAll(owner.id)).map((o) => o.size)).toEqual([1234]);
    expect(await db.quotaUsage.usageOf(owner.id).then((u) => u.toJSON())).toMatchObject({ 'attachments:releases': 0 });
    expect(await db.quotaRecount.differences()).toEqual([]);
  });

  it('answers which stored files rows still refer to, a batch at a time', async () => {
    const { db } = ctx();
    const owner = await insertOwner(db);
    const repo = await db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
    const attachment = await db.attachments.insert({ repoId: repo.id, name: 'a', size: 1, uploaderId: null });
    const oid = sha('ref-lfs');
    await db.lfs.reference(repo.id, oid, 3);
    const blob = await db.packages.putBlob(sha('ref-pkg'), 4);
    const ciRun = await run(db, repo.id);
    const upload = await db.actionRuns.insertUpload({ runId: ciRun.id, name: 'u', expiresAt: null });
    await db.artifacts.insert({
      repoId: repo.id,
      runId: ciRun.id,
      name: 'live',
      compressedSize: 1,
      storageKey: 'actions/artifacts/901.zip',
    });
    const expired = await db.artifacts.insert({
      repoId: repo.id,
      runId: ciRun.id,
      name: 'old',
      compressedSize: 1,
      storageKey: 'actions/artifacts/902.zip',
    });
    await db.artifacts.markExpired(expired.id);

    expect(await db.blobReferences.attachmentUuids([attachment.uuid, '00000000-0000-0000-0000-000000000000'])).toEqual(
      new Set([attachment.uuid]),
    );
    expect(await db.blobReferences.lfsOids([oid, 'f'.repeat(64)])).toEqual(new Set([oid]));
    expect(await db.blobReferences.packageBlobSha256s([blob.sha256, 'e'.repeat(64)])).toEqual(new Set([blob.sha256]));
    expect(await db.blobReferences.artifactUploadIds([upload.id, upload.id + 1000])).toEqual(new Set([upload.id]));
    expect(await db.blobReferences.activeArtifactKeys(['actions/artifacts/901.zip', 'actions/artifacts/902.zip'])).toEqual(
      new Set(['actions/artifacts/901.zip']),
    );
    expect(await db.blobReferences.attachmentUuids([])).toEqual(new Set());
  });
});
