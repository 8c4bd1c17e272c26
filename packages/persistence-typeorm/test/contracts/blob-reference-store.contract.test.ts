import { randomUUID } from 'crypto';
import { BlobReferenceStore } from '@bellows/domain';
import { describeEachEngine } from '../support/each-engine';
import { insertOwner, uniqueName } from '../support/quota-fixtures';

/** The BlobReferenceStore port: each answer is the subset of the asked ids some row holds (run on SQLite and PostgreSQL). */
describeEachEngine('BlobReferenceStore contract', (ctx) => {
  const store = (): BlobReferenceStore => ctx().db.blobReferences;
  const hex64 = (seed: string) => Buffer.from(uniqueName(seed)).toString('hex').padEnd(64, '0').slice(0, 64);

  async function repository() {
    const { db } = ctx();
    const owner = await insertOwner(db);
    return db.repositories.insert({ ownerId: owner.id, name: uniqueName('repo') });
  }

  it('answers empty sets for empty batches', async () => {
    expect(await store().attachmentUuids([])).toEqual(new Set());
    expect(await store().lfsOids([])).toEqual(new Set());
    expect(await store().packageBlobSha256s([])).toEqual(new Set());
    expect(await store().artifactUploadIds([])).toEqual(new Set());
    expect(await store().activeArtifactKeys([])).toEqual(new Set());
  });

  it('knows the attachment uuids that have a row, attached or not', async () => {
    const repo = await repository();
    const kept = await ctx().db.attachments.insert({ repoId: repo.id, name: 'a.txt', size: 1, uploaderId: null });
    const unknown = randomUUID();
    expect(await store().attachmentUuids([kept.uuid, unknown])).toEqual(new Set([kept.uuid.toLowerCase()]));
  });

  it('knows the LFS oids that have an object row', async () => {
    const repo = await repository();
    const oid = hex64('lfs');
    await ctx().db.lfs.reference(repo.id, oid, 10);
    expect(await store().lfsOids([oid, hex64('none')])).toEqual(new Set([oid]));
  });

  it('knows the package digests that have a blob row', async () => {
    const sha256 = hex64('pkg');
    await ctx().db.packages.putBlob(sha256, 10);
    expect(await store().packageBlobSha256s([sha256, hex64('none')])).toEqual(new Set([sha256]));
  });

  it('knows the artifact uploads that still exist, and the keys of active artifacts only', async () => {
    const { db } = ctx();
    const repo = await repository();
    const run = await db.transaction((tx) =>
      tx.actionRuns.insert({
        repoId: repo.id,
        name: 'ci',
        event: 'push',
        workflowId: '',
        headBranch: '',
        headSha: '',
        status: 'running',
        triggeringUserId: null,
      }),
    );
    const upload = await db.actionRuns.insertUpload({ runId: run.id, name: 'dist', expiresAt: null });
    const finished = await db.actionRuns.insertUpload({ runId: run.id, name: 'done', expiresAt: null });
    await db.actionRuns.deleteUpload(finished.id);
    expect(await store().artifactUploadIds([upload.id, finished.id])).toEqual(new Set([upload.id]));

    const activeKey = `actions/artifacts/${uniqueName('a')}.zip`;
    const expiredKey = `actions/artifacts/${uniqueName('e')}.zip`;
    await db.artifacts.insert({ repoId: repo.id, runId: run.id, name: 'a', compressedSize: 1, storageKey: activeKey });
    const expired = await db.artifacts.insert({ repoId: repo.id, runId: run.id, name: 'e', compressedSize: 1, storageKey: expiredKey });
    await db.artifacts.markExpired(expired.id);
    expect(await store().activeArtifactKeys([activeKey, expiredKey, 'actions/artifacts/none.zip'])).toEqual(new Set([activeKey]));
  });
});
