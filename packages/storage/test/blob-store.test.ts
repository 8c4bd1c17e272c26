import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BlobStore } from '../src';
import { describeBlobBackendContract, generated, MiB } from './blob-backend.contract';

/** Every regular file under a folder, relative paths, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name)))
    .sort();
}

describeBlobBackendContract('BlobStore (a local folder)', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'bellows-storage-test-'));
  return {
    backend: new BlobStore(root),
    // Every file, the temporary folder's included: nothing but blobs may remain.
    held: () => filesUnder(root),
    streamingMemoryBudget: 20 * MiB,
    drop: () => rm(root, { recursive: true, force: true }),
  };
});

/** What only a folder of the local disk does (its files, folders and paths). */
describe('BlobStore', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'bellows-storage-test-'));
    store = new BlobStore(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores into new and existing folders, and again after its folders (the temporary one included) were removed', async () => {
    await store.write('attachments/aa/bb/first', generated(10));
    await store.write('attachments/aa/bb/second', generated(20));
    await rm(root, { recursive: true, force: true });
    await store.write('attachments/aa/bb/third', generated(30));
    await store.write('lfs/cc/dd/fourth', generated(40), { overwrite: false });
    expect(await filesUnder(root)).toEqual(['attachments/aa/bb/third', 'lfs/cc/dd/fourth']);
    expect((await store.stat('lfs/cc/dd/fourth')).size).toBe(40);
    expect(await store.deleteIfOlderThan('attachments/aa/bb/third', new Date(Date.now() + 60_000))).toMatchObject({ size: 30 });
    expect(await filesUnder(root)).toEqual(['lfs/cc/dd/fourth']);
  });

  it('names the file behind a key, and cannot serve a download itself', async () => {
    expect(store.pathOf('lfs/ab/cd/abcd')).toBe(path.join(root, 'lfs', 'ab', 'cd', 'abcd'));
    await store.write('lfs/ab/cd/abcd', generated(10));
    expect(await store.presignedReadUrl('lfs/ab/cd/abcd', { expiresInSeconds: 60 })).toBeNull();
  });
});
