import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  BlobAbortedError,
  BlobExistsError,
  BlobMismatchError,
  BlobNotFoundError,
  BlobTooLargeError,
  ContentAddressedStore,
  InvalidBlobKeyError,
  shardedKey,
  type BlobBackend,
} from '../src';

export const MiB = 1024 * 1024;

/** A blob backend made for one test, with a look at what it really holds. */
export interface BackendUnderTest {
  backend: BlobBackend;
  /**
   * Everything the store holds, sorted: its blobs' keys and anything else (a
   * temporary file, an unfinished multipart upload), seen past the adapter (the
   * file system, the S3 API), so "nothing left behind" is checked for real.
   */
  held(): Promise<string[]>;
  /** How far the process's memory may grow while 50 MiB are written and read back. */
  streamingMemoryBudget: number;
  drop(): Promise<void>;
}

/** A deterministic stream of `size` bytes in 64 KiB chunks, generated on demand (never held whole). */
export function generated(size: number, seed = 1): Readable {
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

export async function digestOf(stream: Readable, algorithm = 'sha256'): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const text = (value: string) => Readable.from([Buffer.from(value)]);

async function keysOf(blobs: AsyncIterable<{ key: string }>): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of blobs) keys.push(blob.key);
  return keys.sort();
}

/**
 * What every blob backend does, the same cases run against each adapter (the
 * local folder and the S3-compatible object store): streamed, hashed, checked
 * and atomic writes that leave nothing behind on failure, ranges, listing,
 * removal and the content-addressed store on top.
 */
export function describeBlobBackendContract(name: string, make: () => Promise<BackendUnderTest>): void {
  describe(`${name}: the blob backend contract`, () => {
    let t: BackendUnderTest;
    let store: BlobBackend;
    beforeEach(async () => {
      t = await make();
      store = t.backend;
    });
    afterEach(async () => {
      await t?.drop();
    });

    it('round-trips a 50 MiB stream with bounded memory and reports its size and sha256', async () => {
      const size = 50 * MiB;
      const expectedSha256 = await digestOf(generated(size));
      const key = shardedKey('attachments', randomUUID());

      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      let stored, readBack;
      try {
        stored = await store.write(key, generated(size), { expectedSize: size, expectedSha256 });
        readBack = await digestOf(await store.read(key));
      } finally {
        clearInterval(sampler); // a timer left running would keep jest from ever exiting
      }

      expect(stored).toEqual({ key, size, sha256: expectedSha256, created: true });
      expect(readBack).toBe(expectedSha256);
      expect(await store.stat(key)).toMatchObject({ size });
      // Streaming holds a few chunks (or parts) at a time, far below the 50 MiB that buffering would take.
      expect(peak - baseline).toBeLessThan(t.streamingMemoryBudget);
      expect(await t.held()).toEqual([key]);
    });

    it.each([
      ['small content', 10 * 1024],
      ['large content', 10 * MiB],
    ])('computes only the digests asked for, in the pass that writes: %s', async (_what, size) => {
      const none = await store.write('plain/none', generated(size), { digests: [] });
      expect(none).toEqual({ key: 'plain/none', size, created: true });

      const byDefault = await store.write('plain/default', generated(size));
      expect(byDefault).toEqual({ key: 'plain/default', size, sha256: await digestOf(generated(size)), created: true });

      const chosen = await store.write('plain/chosen', generated(size), { digests: ['md5', 'sha512'] });
      expect(chosen).toEqual({
        key: 'plain/chosen',
        size,
        digests: { md5: await digestOf(generated(size), 'md5'), sha512: await digestOf(generated(size), 'sha512') },
        created: true,
      });
      expect(await t.held()).toEqual(['plain/chosen', 'plain/default', 'plain/none']);
    });

    it('computes the digests of a stored blob when asked later; not-found when it is gone', async () => {
      const size = 6 * MiB;
      await store.write('later/a', generated(size, 3), { digests: [] });
      const expected = {
        md5: await digestOf(generated(size, 3), 'md5'),
        sha1: await digestOf(generated(size, 3), 'sha1'),
        sha512: await digestOf(generated(size, 3), 'sha512'),
      };
      // Two callers at once each get the whole answer.
      const answers = await Promise.all([1, 2].map(() => store.digestsOf('later/a', ['md5', 'sha1', 'sha512'])));
      expect(answers).toEqual([expected, expected]);
      expect(await store.digestsOf('later/a', [])).toEqual({});
      await expect(store.digestsOf('later/missing', ['md5'])).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.digestsOf('later/missing', [])).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('still checks an announced sha256 when no digest is asked for, and a content-addressed write always has its sha256', async () => {
      await expect(store.write('checked/a', generated(100), { digests: [], expectedSha256: '0'.repeat(64) })).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      const sha256 = await digestOf(generated(100));
      const derived = await store.writeDerived(generated(100), { digests: [] }, (info) => `derived/${info.sha256}`);
      expect(derived).toEqual({ key: `derived/${sha256}`, size: 100, sha256, created: true });
      expect(await t.held()).toEqual([`derived/${sha256}`]);
    });

    it('stores empty content', async () => {
      expect(await store.write('empty/a', Readable.from([]))).toMatchObject({ size: 0, created: true });
      expect(await store.stat('empty/a')).toMatchObject({ size: 0 });
      expect((await buffer(await store.read('empty/a'))).length).toBe(0);
    });

    it('reads byte ranges, deletes, and answers not-found', async () => {
      const key = 'lfs/ab/cd/abcd1234';
      await store.write(key, text('hello world'));
      expect((await buffer(await store.read(key, { start: 6, end: 10 }))).toString()).toBe('world');
      expect((await buffer(await store.read(key, { start: 6 }))).toString()).toBe('world');
      expect((await buffer(await store.read(key, { end: 4 }))).toString()).toBe('hello');
      expect(await store.exists(key)).toBe(true);
      expect(await store.delete(key)).toBe(true);
      expect(await store.delete(key)).toBe(false);
      await expect(store.read(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.stat(key)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.exists(key)).toBe(false);
      await store.write(key, text('again'));
      // A folder of keys is not a blob.
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
      await expect(store.write(key, generated(12 * MiB), { expectedSha256: 'f'.repeat(64) })).rejects.toBeInstanceOf(BlobMismatchError);
      await expect(store.writeDerived(generated(12 * MiB), { expectedSize: 12 * MiB + 1 }, () => key)).rejects.toBeInstanceOf(
        BlobMismatchError,
      );
      expect(await t.held()).toEqual([]);
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
      await expect(store.write('attachments/x1/y2/x1y2z4', generated(20 * MiB), { maxBytes: 15 * MiB })).rejects.toBeInstanceOf(
        BlobTooLargeError,
      );
      expect(await t.held()).toEqual([]);
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

      const derived = new PassThrough();
      const derivedWrite = store.writeDerived(derived, {}, (info) => `derived/${info.sha256}`);
      derived.write(Buffer.alloc(100_000));
      setTimeout(() => derived.destroy(new Error('gone')), 20);
      await expect(derivedWrite).rejects.toBeInstanceOf(BlobAbortedError);

      expect(await t.held()).toEqual([]);
    });

    it('keeps concurrent writes of one key whole: the blob is one of the writers, never a mix', async () => {
      const key = 'attachments/cc/dd/ccdd0001';
      const hashes = await Promise.all([1, 2, 3, 4].map((seed) => digestOf(generated(2 * MiB, seed))));
      const results = await Promise.all([1, 2, 3, 4].map((seed) => store.write(key, generated(2 * MiB, seed))));
      expect(results.map((r) => r.sha256)).toEqual(hashes);
      expect(hashes).toContain(await digestOf(await store.read(key)));
      expect(await t.held()).toEqual([key]);
    });

    it('refuses to replace a blob when asked not to, small or large', async () => {
      const key = 'attachments/ee/ff/eeff0001';
      await store.write(key, generated(10));
      await expect(store.write(key, generated(20), { overwrite: false })).rejects.toBeInstanceOf(BlobExistsError);
      await expect(store.write(key, generated(12 * MiB), { overwrite: false })).rejects.toBeInstanceOf(BlobExistsError);
      expect((await store.stat(key)).size).toBe(10);
      expect(await store.write(key, generated(30))).toMatchObject({ size: 30, created: true });
      expect((await store.stat(key)).size).toBe(30);
      expect(await t.held()).toEqual([key]);
    });

    it('lists blobs with size and time below a folder of whole key parts, and removes folders', async () => {
      const a = shardedKey('attachments', 'abcd-1234');
      await store.write(a, text('hello'));
      await store.write('actions/blocks/7/6162', text('block'));
      await store.write('actions/blocks/70/1', text('other'));
      await store.write('actions/blocksmith', text('not below'));
      await store.write('actions/artifacts/7.zip', text('zip!!'));

      expect(await keysOf(store.list())).toEqual([
        'actions/artifacts/7.zip',
        'actions/blocks/7/6162',
        'actions/blocks/70/1',
        'actions/blocksmith',
        a,
      ]);
      const all = [];
      for await (const blob of store.list()) all.push(blob);
      expect(all.find((b) => b.key === a)).toEqual({ key: a, size: 5, modifiedAt: expect.anything() });
      expect(await keysOf(store.list('actions/blocks'))).toEqual(['actions/blocks/7/6162', 'actions/blocks/70/1']);
      expect(await keysOf(store.list('actions/blocks/7'))).toEqual(['actions/blocks/7/6162']);
      expect(await keysOf(store.list('lfs'))).toEqual([]);

      await store.deleteFolder('actions/blocks/7');
      await store.deleteFolder('actions/nothing-here');
      expect(await keysOf(store.list('actions'))).toEqual(['actions/artifacts/7.zip', 'actions/blocks/70/1', 'actions/blocksmith']);
      await expect(store.deleteFolder('../x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(keysOf(store.list('.tmp'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    it('lists many blobs, page after page', async () => {
      const keys = Array.from({ length: 1100 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
      for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => store.write(key, text('x'))));
      expect(await keysOf(store.list('many'))).toEqual(keys);
      await store.deleteFolder('many');
      expect(await t.held()).toEqual([]);
    }, 120_000);

    it('deletes a blob only when it was last written before the cutoff', async () => {
      const before = new Date(Date.now() - 60 * 60 * 1000);
      await store.write('attachments/one', text('old bytes'));
      await store.write('attachments/two', text('new'));
      expect(await store.deleteIfOlderThan('attachments/two', before)).toBeNull();
      expect(await store.deleteIfOlderThan('attachments/one', new Date(Date.now() + 60_000))).toEqual({
        size: 9,
        modifiedAt: expect.anything(),
      });
      expect(await store.deleteIfOlderThan('attachments/missing', new Date(Date.now() + 60_000))).toBeNull();
      expect(await store.exists('attachments/one')).toBe(false);
      expect(await t.held()).toEqual(['attachments/two']);
    });

    it('sweeps nothing an upload under way holds, and reports nothing younger than the cutoff', async () => {
      const body = new PassThrough();
      const writing = store.write('attachments/under-way', body);
      body.write(Buffer.alloc(1000));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const cutoff = new Date(Date.now() - 60 * 60 * 1000);
      expect(await store.sweepTemporary(cutoff, { dryRun: true })).toEqual([]);
      expect(await store.sweepTemporary(cutoff)).toEqual([]);
      body.end(Buffer.alloc(24));
      expect((await writing).size).toBe(1024);
      expect(await t.held()).toEqual(['attachments/under-way']);
    });

    it.each(['../escape', '/abs', 'a/../b', 'a//b', '.tmp/x', 'a/-b', 'a\0b', '', 'a b'])('rejects the key %j', async (key) => {
      await expect(store.write(key, generated(1))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.read(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.writeDerived(generated(1), {}, () => key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    describe('with a ContentAddressedStore on top', () => {
      let cas: ContentAddressedStore;
      beforeEach(() => {
        cas = new ContentAddressedStore(store);
      });

      it.each([
        ['small', 13],
        ['larger than a part', 12 * MiB],
      ])('stores %s content under its sha256, sharded, and deduplicates', async (_what, size) => {
        const sha256 = await digestOf(generated(size, 5));
        const first = await cas.put('packages', generated(size, 5));
        expect(first).toEqual({ sha256, size, created: true });
        expect(await t.held()).toEqual([`packages/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`]);

        const again = await cas.put('packages', generated(size, 5));
        expect(again).toEqual({ sha256, size, created: false });
        expect(await digestOf(await cas.read('packages', sha256))).toBe(sha256);
        expect(await t.held()).toHaveLength(1);
      });

      it.each([
        ['small', MiB],
        ['larger than a part', 12 * MiB],
      ])('lets exactly one of concurrent identical uploads create the blob: %s', async (_what, size) => {
        // All but the last byte first, then every last byte at once: the uploads reach their key together.
        const content = Buffer.alloc(size, 7);
        const bodies = [1, 2, 3, 4].map(() => new PassThrough());
        const puts = bodies.map((body) => cas.put('lfs', body));
        for (const body of bodies) body.write(content.subarray(0, size - 1));
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const body of bodies) body.end(content.subarray(size - 1));
        const results = await Promise.all(puts);
        expect(results.filter((r) => r.created)).toHaveLength(1);
        expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
        expect(await t.held()).toHaveLength(1);
      });

      it('refreshes content stored again, so a sweep keeps what an upload is about to reference', async () => {
        const first = await cas.put('packages', text('shared bytes'));
        const key = cas.keyOf('packages', first.sha256);
        const written = (await store.stat(key)).modifiedAt;
        // Object stores keep times to the second: wait past the next one.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const midway = new Date();
        expect((await cas.put('packages', text('shared bytes'))).created).toBe(false);
        expect((await store.stat(key)).modifiedAt.getTime()).toBeGreaterThan(written.getTime());
        expect(await store.deleteIfOlderThan(key, midway)).toBeNull();
        expect(await store.exists(key)).toBe(true);
      });

      it('checks an announced oid and size (LFS) and leaves nothing on mismatch', async () => {
        await expect(cas.put('lfs', generated(100), { expectedSha256: '0'.repeat(64), expectedSize: 100 })).rejects.toBeInstanceOf(
          BlobMismatchError,
        );
        await expect(cas.put('lfs', generated(12 * MiB), { expectedSha256: '0'.repeat(64) })).rejects.toBeInstanceOf(BlobMismatchError);
        expect(await t.held()).toEqual([]);
        await expect(cas.read('lfs', 'not-a-sha')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      });
    });
  });
}
