import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BlobAbortedError, BlobExistsError, BlobMismatchError, BlobNotFoundError, BlobTooLargeError } from '@bellows/storage';
import { STORAGE_PORTS } from '../../../src/app/ports/storage.ports';
import { CONFIG } from '../../../src/app/tokens';
import { loadConfig } from '../../../src/config';
import { BlobStorage, ListedBlobInfo } from '../../../src/modules/storage/blob-storage';
import { objectStorageSettings } from '../../support/test-storage';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const content = (text: string) => Readable.from([Buffer.from(text)]);
const text = async (stream: Promise<Readable>) => (await buffer(await stream)).toString();
/** A date from the file system (its Date comes from Node's realm, not the test's, so `expect.any(Date)` would not match). */
const aDate = expect.objectContaining({ getTime: expect.any(Function) });
async function all(blobs: AsyncGenerator<ListedBlobInfo>): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of blobs) keys.push(blob.key);
  return keys.sort();
}

/** The two stores `[storage]` can name: local files, and an S3-compatible object store (the S3 test server). */
const STORES: [string, () => Promise<{ settings: Record<string, string>; drop(): Promise<void> }>][] = [
  ['local files', async () => ({ settings: {}, drop: async () => undefined })],
  ['object storage', objectStorageSettings],
];

/**
 * The BlobStorage port as the server binds it (app/ports/storage.ports.ts: the
 * storage adapter's backend of the configured type, routed by kind), resolved
 * by Nest from a configuration whose `[storage] PATH` is a fresh temporary
 * directory (and, for object storage, whose `[storage]` names a fresh base
 * path on the S3 test server), and talked to only through the port.
 */
describe.each(STORES)('BlobStorage contract (bound storage adapter: %s)', (type, openStore) => {
  let root: string;
  let context: INestApplicationContext;
  let blobs: BlobStorage;
  let dropStore: () => Promise<void>;
  let folder = 0;
  /** A fresh key prefix per case, so cases never see each other's blobs. */
  let ns: string;
  /** Local files show an upload under way as a temporary file; an object store shows nothing of a body under one part. */
  const localOnly = type === 'local files' ? it : it.skip;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'bellows-blob-storage-'));
    const store = await openStore();
    dropStore = store.drop;
    class StoragePortsModule {}
    const config = loadConfig({ cwd: root, env: { BELLOWS__STORAGE__PATH: root, ...store.settings } });
    context = await NestFactory.createApplicationContext(
      { module: StoragePortsModule, providers: [{ provide: CONFIG, useValue: config }, ...STORAGE_PORTS] },
      { logger: false },
    );
    blobs = context.get(BlobStorage);
  });
  beforeEach(() => {
    ns = `case${++folder}`;
  });
  afterAll(async () => {
    await context?.close();
    await dropStore?.();
    await rm(root, { recursive: true, force: true });
  });

  it('writes a blob, answering its key, size and sha256, and reads it back whole or by an inclusive byte range', async () => {
    const stored = await blobs.write(`${ns}/a`, content('hello world'));
    expect(stored).toEqual({ key: `${ns}/a`, size: 11, sha256: sha256('hello world'), created: true });
    // A content whose digests no client can ask for (an attachment) is stored without hashing it.
    expect(await blobs.write(`${ns}/b`, content('hello world'), { digests: [] })).toEqual({ key: `${ns}/b`, size: 11, created: true });
    expect(await text(blobs.read(`${ns}/a`))).toBe('hello world');
    expect(await text(blobs.read(`${ns}/a`, { start: 6, end: 8 }))).toBe('wor');
    expect(await blobs.stat(`${ns}/a`)).toEqual({ size: 11, modifiedAt: aDate });
    expect(await blobs.exists(`${ns}/a`)).toBe(true);
  });

  it('replaces a blob by default; with overwrite: false an existing one is kept (BlobExistsError)', async () => {
    await blobs.write(`${ns}/a`, content('one'));
    await blobs.write(`${ns}/a`, content('two'));
    expect(await text(blobs.read(`${ns}/a`))).toBe('two');
    await expect(blobs.write(`${ns}/a`, content('three'), { overwrite: false })).rejects.toBeInstanceOf(BlobExistsError);
    expect(await text(blobs.read(`${ns}/a`))).toBe('two');
  });

  it('refuses content over maxBytes (BlobTooLargeError) or unlike what was announced (BlobMismatchError), storing nothing', async () => {
    await expect(blobs.write(`${ns}/big`, content('12345'), { maxBytes: 4 })).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(blobs.write(`${ns}/size`, content('12345'), { expectedSize: 4 })).rejects.toBeInstanceOf(BlobMismatchError);
    await expect(blobs.write(`${ns}/hash`, content('12345'), { expectedSha256: sha256('other') })).rejects.toBeInstanceOf(
      BlobMismatchError,
    );
    const exact = { maxBytes: 5, expectedSize: 5, expectedSha256: sha256('12345') };
    expect(await blobs.write(`${ns}/ok`, content('12345'), exact)).toMatchObject({ size: 5 });
    expect(await all(blobs.list(ns))).toEqual([`${ns}/ok`]);
  });

  it('stops a write whose signal is aborted (BlobAbortedError), leaving nothing, not even a temporary file', async () => {
    const input = new PassThrough();
    const controller = new AbortController();
    const writing = blobs.write(`${ns}/a`, input, { signal: controller.signal });
    input.write('partial');
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(writing).rejects.toBeInstanceOf(BlobAbortedError);
    expect(await blobs.exists(`${ns}/a`)).toBe(false);
    expect(await blobs.sweepTemporary(new Date(Date.now() + 60_000), { dryRun: true })).toEqual([]);
  });

  it('names a derived write by its content; the same content again keeps the stored blob (created: false)', async () => {
    const keyFor = (info: { sha256: string }) => `${ns}/${info.sha256}`;
    const first = await blobs.writeDerived(content('same'), { overwrite: false }, keyFor);
    expect(first).toEqual({ key: `${ns}/${sha256('same')}`, size: 4, sha256: sha256('same'), created: true });
    expect((await blobs.writeDerived(content('same'), { overwrite: false }, keyFor)).created).toBe(false);
    expect(await text(blobs.read(first.key))).toBe('same');
  });

  it('computes the digests asked for of a stored blob (those an upload left for later); BlobNotFoundError when it is gone', async () => {
    const stored = await blobs.write(`${ns}/later`, content('hello world'), { digests: [] });
    const digest = (algorithm: string) => createHash(algorithm).update('hello world').digest('hex');
    expect(await blobs.digestsOf(stored.key, ['md5', 'sha512'])).toEqual({ md5: digest('md5'), sha512: digest('sha512') });
    await expect(blobs.digestsOf(`${ns}/none`, ['md5'])).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('answers BlobNotFoundError for reading or stating a blob that is not there, and false for exists and delete', async () => {
    await expect(blobs.read(`${ns}/none`)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(blobs.stat(`${ns}/none`)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await blobs.exists(`${ns}/none`)).toBe(false);
    expect(await blobs.delete(`${ns}/none`)).toBe(false);
  });

  it('deletes a blob once', async () => {
    await blobs.write(`${ns}/a`, content('x'));
    expect(await blobs.delete(`${ns}/a`)).toBe(true);
    expect(await blobs.delete(`${ns}/a`)).toBe(false);
    expect(await blobs.exists(`${ns}/a`)).toBe(false);
  });

  it('lists the blobs under a folder (whole key parts: x is not a folder of xy), or every blob, with their size and date', async () => {
    await blobs.write(`${ns}/x/1`, content('1'));
    await blobs.write(`${ns}/x/2/deep`, content('2'));
    await blobs.write(`${ns}/xy`, content('3'));
    expect(await all(blobs.list(`${ns}/x`))).toEqual([`${ns}/x/1`, `${ns}/x/2/deep`]);
    expect(await all(blobs.list(`${ns}/none`))).toEqual([]);
    expect(await all(blobs.list())).toEqual(expect.arrayContaining([`${ns}/x/1`, `${ns}/x/2/deep`, `${ns}/xy`]));
    const found: ListedBlobInfo[] = [];
    for await (const blob of blobs.list(ns)) found.push(blob);
    expect(found.find((blob) => blob.key === `${ns}/xy`)).toEqual({ key: `${ns}/xy`, size: 1, modifiedAt: aDate });
  });

  it('deletes every blob under a folder, keeping the others; a folder that is not there is fine', async () => {
    await blobs.write(`${ns}/blocks/7/a`, content('a'));
    await blobs.write(`${ns}/blocks/7/b/c`, content('b'));
    await blobs.write(`${ns}/blocks/70`, content('kept'));
    await blobs.deleteFolder(`${ns}/blocks/7`);
    expect(await all(blobs.list(ns))).toEqual([`${ns}/blocks/70`]);
    await expect(blobs.deleteFolder(`${ns}/blocks/7`)).resolves.toBeUndefined();
    await expect(blobs.deleteFolder(`${ns}/never`)).resolves.toBeUndefined();
  });

  it('deletes a blob only when it was written before the cutoff, answering what it removed', async () => {
    await blobs.write(`${ns}/a`, content('abc'));
    expect(await blobs.deleteIfOlderThan(`${ns}/a`, new Date(Date.now() - 60_000))).toBeNull();
    expect(await blobs.exists(`${ns}/a`)).toBe(true);
    expect(await blobs.deleteIfOlderThan(`${ns}/a`, new Date(Date.now() + 60_000))).toEqual({ size: 3, modifiedAt: aDate });
    expect(await blobs.exists(`${ns}/a`)).toBe(false);
    expect(await blobs.deleteIfOlderThan(`${ns}/a`, new Date(Date.now() + 60_000))).toBeNull();
  });

  localOnly('finds the temporary file of an upload under way as older than a later cutoff, removing it only without dryRun', async () => {
    const input = new PassThrough();
    const writing = blobs.write(`${ns}/slow`, input);
    input.write('partial');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await blobs.sweepTemporary(new Date(Date.now() - 60_000))).toEqual([]);
    const seen = await blobs.sweepTemporary(new Date(Date.now() + 60_000), { dryRun: true });
    expect(seen).toEqual([{ name: expect.any(String), size: 7, modifiedAt: aDate }]);
    expect(await blobs.sweepTemporary(new Date(Date.now() + 60_000))).toEqual(seen);
    expect(await blobs.sweepTemporary(new Date(Date.now() + 60_000), { dryRun: true })).toEqual([]);
    input.end('rest');
    await writing.catch(() => undefined); // its file is gone: the upload fails or places nothing whole
    expect(await blobs.sweepTemporary(new Date(Date.now() + 60_000), { dryRun: true })).toEqual([]);
  });
});
