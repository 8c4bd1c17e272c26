import { randomBytes } from 'crypto';
import { readdir } from 'fs/promises';
import { join, relative, sep } from 'path';
import { ensureS3TestServer, S3BlobStore } from '@bellows/storage';
import type { StorageConfig } from '../../src/config';
import { untilStoring } from './storage-files';

/**
 * Which blob storage end-to-end servers use: local files by default, or, with
 * BELLOWS_TEST_STORAGE=minio, the S3-compatible test server (RADOS Gateway,
 * started by the set-up when it is not running). CI runs the PostgreSQL pass
 * of the suite on object storage.
 */
export function testStorageType(): 'local' | 'minio' {
  const type = process.env.BELLOWS_TEST_STORAGE ?? 'local';
  if (type !== 'local' && type !== 'minio') throw new Error(`BELLOWS_TEST_STORAGE must be local or minio, not "${type}"`);
  return type;
}

/** The bucket every end-to-end server shares; each server has a base path of its own in it. */
export const E2E_BUCKET = 'bellows-e2e';

/**
 * The `[storage]` settings (as `BELLOWS__…` overrides) of a new test server:
 * none for local files (`[storage] PATH` under its data folder), else the object
 * store with a fresh base path. `drop` removes what the server stored there.
 */
export async function testStorageSettings(): Promise<{ settings: Record<string, string>; drop(): Promise<void> }> {
  if (testStorageType() === 'local') return { settings: {}, drop: async () => undefined };
  return objectStorageSettings();
}

/** `[storage]` on the S3 test server (started when it is not running), under a fresh base path that `drop` empties. */
export async function objectStorageSettings(): Promise<{ settings: Record<string, string>; drop(): Promise<void> }> {
  const s3 = await ensureS3TestServer();
  const basePath = `e2e-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}/`;
  const settings = {
    BELLOWS__STORAGE__STORAGE_TYPE: 'minio',
    BELLOWS__STORAGE__MINIO_ENDPOINT: s3.endpoint,
    BELLOWS__STORAGE__MINIO_ACCESS_KEY_ID: s3.accessKeyId,
    BELLOWS__STORAGE__MINIO_SECRET_ACCESS_KEY: s3.secretAccessKey,
    BELLOWS__STORAGE__MINIO_BUCKET: E2E_BUCKET,
    BELLOWS__STORAGE__MINIO_LOCATION: s3.location,
    BELLOWS__STORAGE__MINIO_BASE_PATH: basePath,
  };
  const drop = async () => {
    const store = new S3BlobStore({ ...s3, bucket: E2E_BUCKET, basePath, useSsl: false, insecureSkipVerify: false });
    try {
      await store.sweepTemporary(new Date(Date.now() + 24 * 60 * 60 * 1000));
      // One batched removal per namespace (attachments, lfs…) rather than one request per blob.
      const namespaces = new Set<string>();
      for await (const blob of store.list()) namespaces.add(blob.key.split('/')[0]);
      for (const namespace of namespaces) await store.deleteFolder(namespace);
    } finally {
      store.destroy();
    }
  };
  return { settings, drop };
}

/**
 * The test's own view of what a server stored, whichever the storage: keys of
 * blobs and unfinished uploads, read from the folder or the bucket directly
 * (not through the server's routing, which the tests check).
 */
export interface StoredBlobs {
  /** Keys of the blobs below `prefix` (whole key parts; every blob when absent), sorted. */
  keys(prefix?: string): Promise<string[]>;
  exists(key: string): Promise<boolean>;
  /** Unfinished uploads: temporary files of local storage, or an object store's multipart uploads and temporary objects. */
  temporary(): Promise<string[]>;
}

/** What the server configured by `storage` stored (every kind in `[storage]`'s place, the layout tests use). */
export function storedBlobsOf(server: { config: { storage: StorageConfig } }): StoredBlobs {
  const settings = server.config.storage.default;
  if (settings.type === 'local') return localBlobs(server.config.storage.path);
  const { serveDirect: _serveDirect, ...place } = settings;
  void _serveDirect;
  const open = () => new S3BlobStore(place);
  const using = async <T>(use: (store: S3BlobStore) => Promise<T>): Promise<T> => {
    const store = open();
    try {
      return await use(store);
    } finally {
      store.destroy();
    }
  };
  return {
    keys: (prefix) =>
      using(async (store) => {
        const keys: string[] = [];
        for await (const blob of store.list(prefix)) keys.push(blob.key);
        return keys.sort();
      }),
    exists: (key) => using((store) => store.exists(key)),
    temporary: () =>
      using(async (store) =>
        (await store.sweepTemporary(new Date(Date.now() + 24 * 60 * 60 * 1000), { dryRun: true })).map((file) => file.name).sort(),
      ),
  };
}

function localBlobs(root: string): StoredBlobs {
  const files = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
  };
  return {
    keys: async (prefix) => (await files(prefix ? join(root, ...prefix.split('/')) : root)).filter((key) => !key.startsWith('.tmp/')),
    exists: async (key) => (await files(join(root, ...key.split('/').slice(0, -1)))).includes(key),
    temporary: () => files(join(root, '.tmp')),
  };
}

/**
 * Resolves once the server is streaming an upload into storage (see
 * storage-files.ts untilStoring). An object store shows nothing of a body
 * smaller than one multipart part until the whole of it has arrived, so there
 * the wait is for the server to have read what was sent so far: the races the
 * callers drive (a parent removed mid-upload) must end the same whichever side
 * of that moment they fall on.
 */
export async function untilServerStoring(server: { config: { storage: StorageConfig } }): Promise<void> {
  if (server.config.storage.default.type === 'local') return untilStoring(server.config.storage.path);
  await new Promise((resolve) => setTimeout(resolve, OBJECT_STORE_SETTLE_MS));
}

/** Long enough for a server on this machine to read a few hundred KiB it was sent. */
const OBJECT_STORE_SETTLE_MS = 300;
