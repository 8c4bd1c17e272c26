import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  BlobAbortedError,
  BlobExistsError,
  BlobMismatchError,
  BlobNotFoundError,
  BlobStore,
  BlobTooLargeError,
  ContentAddressedStore,
  InvalidBlobKeyError,
  shardedKey,
} from '../src';

const MiB = 1024 * 1024;

/** A deterministic stream of `size` bytes in 64 KiB chunks, generated on demand (never held whole). */
function generated(size: number, seed = 1): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent));
      for (let i = 0; i < chunk.length; i++) chunk[i] = ((sent + i) * 131 + ((sent + i) >> 11) + seed * 7) & 0xff;
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under a folder, relative paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name)));
}

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

  it('round-trips a 50 MiB stream with bounded memory and reports its size and sha256', async () => {
    const size = 50 * MiB;
    const expectedSha256 = await sha256Of(generated(size));
    const key = shardedKey('attachments', randomUUID());

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const stored = await store.write(key, generated(size), { expectedSize: size, expectedSha256 });
    const readBack = await sha256Of(await store.read(key));
    clearInterval(sampler);

    expect(stored).toEqual({ key, size, sha256: expectedSha256, created: true });
    expect(readBack).toBe(expectedSha256);
    expect(await store.stat(key)).toMatchObject({ size });
    // Streaming holds a few chunks at a time, far below the 50 MiB that buffering would take.
    expect(peak - baseline).toBeLessThan(20 * MiB);
    expect(await filesUnder(root)).toEqual([key]);
  });

  it.each([
    ['small content (hashed where it arrives)', 10 * 1024],
    ['large content (hashed by worker threads)', 10 * MiB],
  ])('computes only the digests asked for, in the pass that writes: %s', async (_what, size) => {
    const digestOf = async (algorithm: string) => {
      const hash = createHash(algorithm);
      for await (const chunk of generated(size)) hash.update(chunk as Buffer);
      return hash.digest('hex');
    };
    const none = await store.write('plain/none', generated(size), { digests: [] });
    expect(none).toEqual({ key: 'plain/none', size, created: true });

    const byDefault = await store.write('plain/default', generated(size));
    expect(byDefault).toEqual({ key: 'plain/default', size, sha256: await digestOf('sha256'), created: true });

    const chosen = await store.write('plain/chosen', generated(size), { digests: ['md5', 'sha512'] });
    expect(chosen).toEqual({
      key: 'plain/chosen',
      size,
      digests: { md5: await digestOf('md5'), sha512: await digestOf('sha512') },
      created: true,
    });
    expect((await filesUnder(root)).sort()).toEqual(['plain/chosen', 'plain/default', 'plain/none']);
  });

  it('computes the digests of a stored blob when asked later, reading its file on the workers; not-found when it is gone', async () => {
    const size = 6 * MiB;
    const digestOf = async (algorithm: string) => {
      const hash = createHash(algorithm);
      for await (const chunk of generated(size, 3)) hash.update(chunk as Buffer);
      return hash.digest('hex');
    };
    await store.write('later/a', generated(size, 3), { digests: [] });
    const expected = { md5: await digestOf('md5'), sha1: await digestOf('sha1'), sha512: await digestOf('sha512') };
    // Two callers at once each get the whole answer.
    const answers = await Promise.all([1, 2].map(() => store.digestsOf('later/a', ['md5', 'sha1', 'sha512'])));
    expect(answers).toEqual([expected, expected]);
    expect(await store.digestsOf('later/a', [])).toEqual({});
    await expect(store.digestsOf('later/missing', ['md5'])).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('still checks an announced sha256 when no digest is asked for, and a content-addressed write always has its sha256', async () => {
    await expect(store.write('checked/a', generated(100), { digests: [], expectedSha256: '0'.repeat(64) })).rejects.toBeInstanceOf(
      BlobMismatchError,
    );
    const sha256 = await sha256Of(generated(100));
    const derived = await store.writeDerived(generated(100), { digests: [] }, (info) => `derived/${info.sha256}`);
    expect(derived).toEqual({ key: `derived/${sha256}`, size: 100, sha256, created: true });
    expect(await filesUnder(root)).toEqual([`derived/${sha256}`]);
  });

  it('reads byte ranges, deletes, and answers not-found', async () => {
    const key = 'lfs/ab/cd/abcd1234';
    await store.write(key, Readable.from([Buffer.from('hello world')]));
    expect((await buffer(await store.read(key, { start: 6, end: 10 }))).toString()).toBe('world');
    expect(await store.exists(key)).toBe(true);
    expect(await store.delete(key)).toBe(true);
    expect(await store.delete(key)).toBe(false);
    await expect(store.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.stat(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.exists(key)).toBe(false);
    await expect(store.read('lfs/ab')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.exists('lfs/ab')).toBe(false);
  });

  it('leaves nothing behind when the sha256 or size does not match', async () => {
    const key = 'packages/aa/bb/aabbccdd';
    await expect(store.write(key, generated(1000), { expectedSha256: 'f'.repeat(64) })).rejects.toMatchObject({
      constructor: BlobMismatchError,
      property: 'sha256',
    });
    await expect(store.write(key, generated(1000), { expectedSize: 999 })).rejects.toBeInstanceOf(BlobMismatchError);
    await expect(store.write(key, generated(1000), { expectedSize: 1001 })).rejects.toMatchObject({ property: 'size', actual: 1000 });
    expect(await filesUnder(root)).toEqual([]);
    expect(await store.exists(key)).toBe(false);
  });

  it('stops reading and leaves nothing behind when maxBytes is exceeded', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    await expect(store.write('attachments/x1/y2/x1y2z3', endless, { maxBytes: MiB })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(produced).toBeLessThan(4 * MiB);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('leaves nothing behind when the source fails, ends early or the upload is aborted', async () => {
    const failing = new PassThrough();
    const failed = store.write('attachments/a1/b2/a1b2c3', failing);
    failing.write(Buffer.alloc(100_000));
    setTimeout(() => failing.destroy(new Error('connection reset')), 20);
    await expect(failed).rejects.toBeInstanceOf(BlobAbortedError);

    const cut = new PassThrough();
    const cutShort = store.write('attachments/a1/b2/a1b2c4', cut);
    cut.write(Buffer.alloc(100_000));
    setTimeout(() => cut.destroy(), 20);
    await expect(cutShort).rejects.toBeInstanceOf(BlobAbortedError);

    const controller = new AbortController();
    const slow = new PassThrough();
    const aborted = store.write('attachments/a1/b2/a1b2c5', slow, { signal: controller.signal });
    slow.write(Buffer.alloc(100_000));
    setTimeout(() => controller.abort(), 20);
    await expect(aborted).rejects.toBeInstanceOf(BlobAbortedError);

    expect(await filesUnder(root)).toEqual([]);
  });

  it('keeps concurrent writes of one key whole: the blob is one of the writers, never a mix', async () => {
    const key = 'attachments/cc/dd/ccdd0001';
    const contents = [1, 2, 3, 4].map((seed) => generated(2 * MiB, seed));
    const hashes = await Promise.all([1, 2, 3, 4].map((seed) => sha256Of(generated(2 * MiB, seed))));
    const results = await Promise.all(contents.map((content) => store.write(key, content)));
    expect(results.map((r) => r.sha256)).toEqual(hashes);
    expect(hashes).toContain(await sha256Of(await store.read(key)));
    expect(await filesUnder(root)).toEqual([key]);
  });

  it('refuses to replace a blob when asked not to', async () => {
    const key = 'attachments/ee/ff/eeff0001';
    await store.write(key, generated(10));
    await expect(store.write(key, generated(20), { overwrite: false })).rejects.toBeInstanceOf(BlobExistsError);
    expect((await store.stat(key)).size).toBe(10);
    expect(await filesUnder(root)).toEqual([key]);
  });

  it('stores into new and existing folders, and again after its folders (the temporary one included) were removed', async () => {
    await store.write('attachments/aa/bb/first', generated(10));
    await store.write('attachments/aa/bb/second', generated(20));
    await rm(root, { recursive: true, force: true });
    await store.write('attachments/aa/bb/third', generated(30));
    await store.write('lfs/cc/dd/fourth', generated(40), { overwrite: false });
    expect((await filesUnder(root)).sort()).toEqual(['attachments/aa/bb/third', 'lfs/cc/dd/fourth']);
    expect((await store.stat('lfs/cc/dd/fourth')).size).toBe(40);
    expect(await store.deleteIfOlderThan('attachments/aa/bb/third', new Date(Date.now() + 60_000))).toMatchObject({ size: 30 });
    expect(await filesUnder(root)).toEqual(['lfs/cc/dd/fourth']);
  });

  it.each(['../escape', '/abs', 'a/../b', 'a//b', '.tmp/x', 'a/-b', 'a\0b', '', 'a b'])('rejects the key %j', async (key) => {
    await expect(store.write(key, generated(1))).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.read(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });
});

describe('ContentAddressedStore', () => {
  let root: string;
  let blobs: BlobStore;
  let cas: ContentAddressedStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'bellows-cas-test-'));
    blobs = new BlobStore(root);
    cas = new ContentAddressedStore(blobs);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores content under its sha256, sharded, and deduplicates', async () => {
    const sha256 = createHash('sha256').update('package bytes').digest('hex');
    const first = await cas.put('packages', Readable.from([Buffer.from('package bytes')]));
    expect(first).toEqual({ sha256, size: 13, created: true });
    expect(await filesUnder(root)).toEqual([`packages/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`]);

    const again = await cas.put('packages', Readable.from([Buffer.from('package bytes')]));
    expect(again).toEqual({ sha256, size: 13, created: false });
    expect((await buffer(await cas.read('packages', sha256))).toString()).toBe('package bytes');
    expect(await filesUnder(root)).toHaveLength(1);
  });

  it('lets exactly one of concurrent identical uploads create the blob', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => cas.put('lfs', generated(MiB, 7))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
    expect(await filesUnder(root)).toHaveLength(1);
  });

  it('checks an announced oid and size (LFS) and leaves nothing on mismatch', async () => {
    await expect(cas.put('lfs', generated(100), { expectedSha256: '0'.repeat(64), expectedSize: 100 })).rejects.toBeInstanceOf(
      BlobMismatchError,
    );
    expect(await filesUnder(root)).toEqual([]);
    await expect(cas.read('lfs', 'not-a-sha')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });
});
