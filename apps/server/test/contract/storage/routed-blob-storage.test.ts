import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { BlobStore, shardedKey } from '@bellows/storage';
import { openBlobBackend } from '../../../src/app/ports/storage.ports';
import { placeOf, routedBlobStorage } from '../../../src/app/storage/blob-routes';
import { loadConfig } from '../../../src/config';

const content = (text: string) => Readable.from([Buffer.from(text)]);
const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';

/**
 * The routing of keys to the store of their kind, over real folders: the default
 * layout is one store (as before object storage), a kind with a PATH of its own
 * holds its blobs at that folder's top, and listing everything reports each key once.
 */
describe('RoutedBlobStorage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bellows-routed-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const configured = (env: Record<string, string>) =>
    routedBlobStorage(loadConfig({ cwd: dir, env: { BELLOWS__SERVER__APP_DATA_PATH: dir, ...env } }).storage, openBlobBackend);

  it('shares one backend for every kind in the default layout, keys whole under [storage] PATH', async () => {
    const { storage, backends } = configured({});
    expect(backends).toHaveLength(1);
    expect(backends[0].place).toEqual({ type: 'local', path: path.join(dir, 'storage') });
    await storage.write(shardedKey('attachments', uuid), content('a'));
    expect(await readdir(path.join(dir, 'storage/attachments/0f/8f'))).toEqual([uuid]);
    expect(await storage.presignedReadUrl(shardedKey('attachments', uuid), { expiresInSeconds: 60 })).toBeNull();
  });

  it('sends a kind with its own PATH to its folder, without the namespace, and lists every key once with its namespace', async () => {
    const { storage, backends } = configured({ BELLOWS__LFS__PATH: path.join(dir, 'big') });
    expect(backends.map((b) => b.place)).toEqual([
      { type: 'local', path: path.join(dir, 'storage') },
      { type: 'local', path: path.join(dir, 'big') },
    ]);
    const oid = 'ab'.repeat(32);
    const stored = await storage.writeDerived(content('lfs object'), {}, (info) => shardedKey('lfs', info.sha256));
    expect(stored.key).toMatch(/^lfs\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/);
    expect(await readdir(path.join(dir, 'big'))).toContain(stored.key.split('/')[1]);
    await storage.write(`lfs/ab/ab/${oid}`, content('second'));
    await storage.write(shardedKey('attachments', uuid), content('attachment'));
    await storage.write('actions/blocks/7/1', content('block'));
    // A blob left at the former place of LFS objects (before a move) is not the default store's to report.
    await new BlobStore(path.join(dir, 'storage')).write(`lfs/ab/ab/${oid}`, content('stale copy'));

    const listed: string[] = [];
    for await (const blob of storage.list()) listed.push(blob.key);
    expect(listed.sort()).toEqual(['actions/blocks/7/1', shardedKey('attachments', uuid), `lfs/ab/ab/${oid}`, stored.key].sort());
    const lfs: string[] = [];
    for await (const blob of storage.list('lfs')) lfs.push(blob.key);
    expect(lfs.sort()).toEqual([`lfs/ab/ab/${oid}`, stored.key].sort());

    expect((await buffer(await storage.read(`lfs/ab/ab/${oid}`))).toString()).toBe('second');
    expect(await storage.stat(stored.key)).toMatchObject({ size: 10 });
    await storage.deleteFolder('actions/blocks/7');
    expect(await storage.exists('actions/blocks/7/1')).toBe(false);
    await storage.deleteFolder('lfs');
    expect(await storage.exists(stored.key)).toBe(false);
    expect(await storage.exists(`lfs/ab/ab/${oid}`)).toBe(false);
  });

  it('places a kind in [storage] PATH/<kind>, or whose prefix ends with its namespace, at the parent, keys whole', () => {
    expect(placeOf('lfs', { type: 'local', path: '/x/lfs', serveDirect: false }, '/x')).toEqual({
      place: { type: 'local', path: '/x' },
      stripNamespace: false,
    });
    // A folder named like the kind elsewhere than [storage] PATH is a place of its own (its .tmp beside its blobs, same file system).
    expect(placeOf('lfs', { type: 'local', path: '/mnt/lfs', serveDirect: false }, '/x')).toEqual({
      place: { type: 'local', path: '/mnt/lfs' },
      stripNamespace: true,
    });
    expect(placeOf('lfs', { type: 'local', path: '/x/objects', serveDirect: false }, '/x')).toEqual({
      place: { type: 'local', path: '/x/objects' },
      stripNamespace: true,
    });
    const s3 = {
      type: 'minio' as const,
      endpoint: 'h:1',
      accessKeyId: 'a',
      secretAccessKey: 's',
      bucket: 'b',
      location: 'us-east-1',
      useSsl: false,
      insecureSkipVerify: false,
      serveDirect: true,
    };
    expect(placeOf('lfs', { ...s3, basePath: 'forge/lfs/' }, '/x').place).toMatchObject({ basePath: 'forge/' });
    expect(placeOf('lfs', { ...s3, basePath: 'big/' }, '/x')).toMatchObject({ place: { basePath: 'big/' }, stripNamespace: true });
  });
});
