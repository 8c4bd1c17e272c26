import { randomBytes, randomUUID } from 'crypto';
import { Readable } from 'stream';
import { S3BlobStore } from '@bellows/storage';
import { StorageGarbage } from '../../src/modules/storage-garbage/storage-garbage.service';
import { createTestUser } from '../support/fixtures';
import {
  ApiClient,
  attachToIssue,
  attachToRelease,
  call,
  createIssue,
  createRelease,
  createRepository,
  startRun,
  uploadArtifact,
  uploadGenericPackage,
  uploadLfsObject,
} from '../support/sized-uploads';
import { filesRowsNeed } from '../support/storage-files';
import { startTestServer, TestServer } from '../support/test-server';
import { objectStorageSettings, storedBlobsOf } from '../support/test-storage';

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

/**
 * The orphan sweep and the recount against an object store (the S3 test
 * server), whatever BELLOWS_TEST_STORAGE says. An object store sets
 * LastModified itself, so where storage.gc.e2e ages files, this case moves the
 * sweep's clock forward instead (StorageGarbage takes `now`).
 */
describe('storage garbage on object storage', () => {
  let server: TestServer;
  let client: ApiClient;
  let dropStore: () => Promise<void>;
  let raw: S3BlobStore;

  beforeAll(async () => {
    const store = await objectStorageSettings();
    dropStore = store.drop;
    server = await startTestServer(store.settings);
    const user = await createTestUser(server);
    client = { url: server.url, token: user.token, owner: user.name };
    const settings = server.config.storage.default;
    if (settings.type !== 'minio') throw new Error('the server was meant to store blobs in the object store');
    const { serveDirect: _serveDirect, ...place } = settings;
    void _serveDirect;
    raw = new S3BlobStore(place);
  });
  afterAll(async () => {
    raw?.destroy();
    await server?.close();
    await dropStore?.();
  });

  const sharded = (namespace: string, id: string) => `${namespace}/${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
  /** Writes an object straight into the store, as a crash between storing a blob and recording it leaves one. */
  const plant = async (key: string, size: number) => (await raw.write(key, Readable.from([randomBytes(size)]))).key;

  it('removes the objects no row needs once they are old enough, keeps every object a row needs, and the ledger stays equal to a recount', async () => {
    await createRepository(client, 'kept');
    await attachToIssue(client, 'kept', await createIssue(client, 'kept'), randomBytes(3000));
    await attachToRelease(client, 'kept', await createRelease(client, 'kept', 'v1'), randomBytes(4000));
    await uploadLfsObject(client, 'kept', randomBytes(5000));
    await uploadArtifact(await startRun(client, 'kept'), 'dist', randomBytes(6000));
    await uploadGenericPackage(client, 'tool', '1.0.0', 'tool.bin', randomBytes(7000));
    const usedBefore = (await call(client, 'api/v1/user/quota')).used;

    const planted = [
      await plant(sharded('attachments', randomUUID()), 1234),
      await plant(sharded('lfs', randomBytes(32).toString('hex')), 2345),
      await plant(sharded('packages', randomBytes(32).toString('hex')), 456),
      await plant('actions/artifacts/987655.zip', 567),
    ].sort();
    const needed = (await filesRowsNeed(server.db)).exact;
    const blobs = storedBlobsOf(server);
    expect((await blobs.keys()).filter((key) => !needed.has(key))).toEqual(planted);

    const garbage = server.app.get(StorageGarbage, { strict: false });
    // Now they are young: an upload may be about to record them.
    expect(await garbage.sweep()).toEqual([]);
    // Two hours on: a dry run names them and removes nothing; the sweep removes exactly them.
    const later = new Date(Date.now() + TWO_HOURS_MS);
    const named = (await garbage.sweep({ dryRun: true, now: later })).map((file) => file.path).sort();
    expect(named).toEqual(planted);
    expect((await blobs.keys()).filter((key) => planted.includes(key))).toEqual(planted);
    expect((await garbage.sweep({ now: later })).map((file) => file.path).sort()).toEqual(planted);

    const left = await blobs.keys();
    expect(left.filter((key) => !needed.has(key))).toEqual([]);
    expect([...needed].filter((key) => !left.includes(key))).toEqual([]); // nothing a row needs went
    expect((await call(client, 'api/v1/user/quota')).used).toEqual(usedBefore);
    expect(await server.db.quotaRecount.differences()).toEqual([]);
  });

  it('aborts a multipart upload a crash left behind once it is old enough', async () => {
    // What a process killed mid-upload leaves in an object store: an upload begun and never completed.
    const body = new Readable({ read() {} });
    const writing = raw.write(sharded('lfs', randomBytes(32).toString('hex')), body).catch(() => undefined);
    for (let i = 0; i < 9; i++) body.push(randomBytes(1024 * 1024)); // more than one part: a multipart upload begins
    const blobs = storedBlobsOf(server);
    for (let tries = 0; (await blobs.temporary()).length === 0 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 100));
    expect(await blobs.temporary()).toHaveLength(1);

    const garbage = server.app.get(StorageGarbage, { strict: false });
    expect(await garbage.sweepTemporary()).toEqual([]);
    expect(await garbage.sweepTemporary({ now: new Date(Date.now() + TWO_HOURS_MS) })).toHaveLength(1);
    expect(await blobs.temporary()).toEqual([]);
    body.destroy(new Error('the process died'));
    await writing;
  });
});
