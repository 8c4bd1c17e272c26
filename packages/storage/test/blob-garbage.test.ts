import { mkdtemp, readdir, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { BlobAbortedError, BlobStore, ContentAddressedStore, shardedKey } from '../src';

const HOUR_MS = 60 * 60 * 1000;

/** Sets a file's modification time `ms` into the past, as if it had been written then. */
async function age(file: string, ms: number): Promise<void> {
  const then = new Date(Date.now() - ms);
  await utimes(file, then, then);
}

/**
 * What the garbage sweeps need from blob storage (finding 5 of issue 9): listing
 * blobs, removing partial uploads a crash left in `.tmp`, and removing an
 * unreferenced blob without racing a write that is about to reference it.
 */
describe('BlobStore: listing and garbage', () => {
  let root: string;
  let store: BlobStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'bellows-garbage-test-'));
    store = new BlobStore(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const put = (key: string, text: string) => store.write(key, Readable.from([Buffer.from(text)]));

  it('lists every blob with its size and time, by prefix, never temporary or foreign files', async () => {
    const a = shardedKey('attachments', 'abcd-1234');
    await put(a, 'hello');
    await put('actions/blocks/7/6162', 'block');
    await put('actions/artifacts/7.zip', 'zip!!');
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    await writeFile(path.join(root, '.tmp', 'x.part'), 'partial');
    await writeFile(path.join(root, 'actions', '.hidden'), 'not a key');

    const all = [];
    for await (const blob of store.list()) all.push(blob);
    expect(all.map((b) => b.key).sort()).toEqual(['actions/artifacts/7.zip', 'actions/blocks/7/6162', a]);
    expect(all.find((b) => b.key === a)).toEqual({ key: a, size: 5, modifiedAt: expect.anything() });

    const blocks = [];
    for await (const blob of store.list('actions/blocks')) blocks.push(blob.key);
    expect(blocks).toEqual(['actions/blocks/7/6162']);
    const none = [];
    for await (const blob of store.list('lfs')) none.push(blob);
    expect(none).toEqual([]);
  });

  it('finding 5: sweeps partial uploads older than the cutoff, keeps younger ones and those under way', async () => {
    // An upload under way: its temporary file exists while the body keeps coming.
    const body = new PassThrough();
    const writing = store.write('attachments/under-way', body);
    body.write(Buffer.alloc(1000));
    await waitFor(async () => (await readdir(path.join(root, '.tmp'))).length === 1);
    const [underWay] = await readdir(path.join(root, '.tmp'));

    // What a kill -9 leaves: a .part file nobody writes to any more.
    await writeFile(path.join(root, '.tmp', 'crashed.part'), Buffer.alloc(5000));
    await age(path.join(root, '.tmp', 'crashed.part'), 2 * HOUR_MS);
    const cutoff = new Date(Date.now() - HOUR_MS);

    expect(await store.sweepTemporary(cutoff, { dryRun: true })).toEqual([
      { name: '.tmp/crashed.part', size: 5000, modifiedAt: expect.anything() },
    ]);
    expect((await readdir(path.join(root, '.tmp'))).sort()).toEqual(['crashed.part', underWay].sort());

    expect(await store.sweepTemporary(cutoff)).toEqual([{ name: '.tmp/crashed.part', size: 5000, modifiedAt: expect.anything() }]);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([underWay]);

    body.end(Buffer.alloc(24));
    expect((await writing).size).toBe(1024); // the upload under way was not disturbed
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await store.sweepTemporary(cutoff)).toEqual([]);
  });

  it('finding 5: a sweep that takes the file of a stalled upload makes that upload fail, not store a blob', async () => {
    const body = new PassThrough();
    const writing = store.write('attachments/stalled', body);
    body.write(Buffer.alloc(10));
    await waitFor(async () => (await readdir(path.join(root, '.tmp'))).length === 1);
    const [part] = await readdir(path.join(root, '.tmp'));
    await age(path.join(root, '.tmp', part), 2 * HOUR_MS);
    expect(await store.sweepTemporary(new Date(Date.now() - HOUR_MS))).toHaveLength(1);
    body.end();
    await expect(writing).rejects.toThrow();
    expect(await store.exists('attachments/stalled')).toBe(false);
    await expect(
      store.write(
        'attachments/aborted',
        Readable.from(
          (async function* () {
            yield Buffer.from('x');
            throw new Error('gone');
          })(),
        ),
      ),
    ).rejects.toBeInstanceOf(BlobAbortedError);
  });

  it('deletes a blob only when it was last written before the cutoff', async () => {
    await put('attachments/old', 'old bytes');
    await put('attachments/new', 'new');
    await age(store.pathOf('attachments/old'), 2 * HOUR_MS);
    const cutoff = new Date(Date.now() - HOUR_MS);

    expect(await store.deleteIfOlderThan('attachments/old', cutoff)).toEqual({ size: 9, modifiedAt: expect.anything() });
    expect(await store.deleteIfOlderThan('attachments/new', cutoff)).toBeNull();
    expect(await store.deleteIfOlderThan('attachments/missing', cutoff)).toBeNull();
    expect(await store.exists('attachments/old')).toBe(false);
    expect(await store.exists('attachments/new')).toBe(true);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('finding 5: storing content that is already there refreshes it, so a sweep keeps what an upload is about to reference', async () => {
    const cas = new ContentAddressedStore(store);
    const first = await cas.put('packages', Readable.from([Buffer.from('shared bytes')]));
    const key = cas.keyOf('packages', first.sha256);
    await age(store.pathOf(key), 2 * HOUR_MS);

    const again = await cas.put('packages', Readable.from([Buffer.from('shared bytes')]));
    expect(again.created).toBe(false);
    expect((await stat(store.pathOf(key))).mtime.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await store.deleteIfOlderThan(key, new Date(Date.now() - HOUR_MS))).toBeNull();
    expect(await store.exists(key)).toBe(true);
  });

  it('finding 5: a sweep racing uploads of the same content never leaves an upload pointing at nothing', async () => {
    const cas = new ContentAddressedStore(store);
    const content = Buffer.alloc(64 * 1024, 7);
    const { sha256 } = await cas.put('lfs', Readable.from([content]));
    const key = cas.keyOf('lfs', sha256);
    for (let round = 0; round < 50; round++) {
      await age(store.pathOf(key), 2 * HOUR_MS).catch(() => undefined);
      // The blob is old and (we pretend) unreferenced. An upload of the same content
      // arrives; a sweep starts a little later (0-4 ms: before, during or after the
      // upload finds the blob) and keeps trying until the upload is stored, then once
      // more, as it could before the upload records its reference.
      const cutoff = new Date(Date.now() - 1000);
      let stored = false;
      const uploading = cas.put('lfs', Readable.from([content])).finally(() => (stored = true));
      await new Promise((resolve) => setTimeout(resolve, round % 5));
      do await store.deleteIfOlderThan(key, cutoff);
      while (!stored);
      await store.deleteIfOlderThan(key, cutoff);
      expect((await uploading).sha256).toBe(sha256);
      expect(await store.exists(key)).toBe(true);
    }
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
