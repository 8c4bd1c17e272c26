import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import {
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  BlobAbortedError,
  BlobTooLargeError,
  createTestS3Store,
  S3BlobStore,
  s3TestSettings,
  type S3BlobStoreOptions,
  type TestS3Store,
} from '../src';
import { describeBlobBackendContract, digestOf, generated, MiB } from './blob-backend.contract';

const BUCKET = 'bellows-contract';

/** A client of its own, to see what the store really left in the bucket (not through the adapter under test). */
function rawClient(options: S3BlobStoreOptions): S3Client {
  return new S3Client({
    endpoint: `http://${options.endpoint}`,
    region: options.location ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
}

/** The objects below the base path (relative names, `.tmp/` ones too) and the multipart uploads under way there. */
async function heldIn(client: S3Client, options: S3BlobStoreOptions): Promise<string[]> {
  const base = options.basePath ?? '';
  const names: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: options.bucket, Prefix: base, ContinuationToken: token }));
    for (const object of page.Contents ?? []) names.push(object.Key!.slice(base.length));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return [...names, ...(await uploadsIn(client, options))].sort();
}

async function uploadsIn(client: S3Client, options: S3BlobStoreOptions): Promise<string[]> {
  const base = options.basePath ?? '';
  const page = await client.send(new ListMultipartUploadsCommand({ Bucket: options.bucket, Prefix: base }));
  return (page.Uploads ?? []).map((upload) => `${upload.Key!.slice(base.length)}#upload`);
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let raw: S3Client | undefined;
afterAll(() => raw?.destroy());

describeBlobBackendContract('S3BlobStore (Ceph RADOS Gateway)', async () => {
  const s3 = await createTestS3Store(BUCKET);
  raw ??= rawClient(s3.options);
  const client = raw;
  return {
    backend: s3.store,
    held: () => heldIn(client, s3.options),
    // Parts of 8 MiB: one filling, two on their way, and the copies the SDK makes of them.
    streamingMemoryBudget: 64 * MiB,
    drop: s3.drop,
  };
});

/** What only an object store does: multipart uploads, presigned URLs, server-side copies, the bucket. */
describe('S3BlobStore', () => {
  let s3: TestS3Store;
  let store: S3BlobStore;
  let client: S3Client;
  beforeEach(async () => {
    s3 = await createTestS3Store(BUCKET);
    store = s3.store;
    client = rawClient(s3.options);
  });
  afterEach(async () => {
    await s3.drop();
    client.destroy();
  });

  it('streams a 20 MiB upload as a multipart upload, under the base path', async () => {
    const stored = await store.write('lfs/big', generated(20 * MiB));
    expect(stored).toMatchObject({ size: 20 * MiB, sha256: await digestOf(generated(20 * MiB)) });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${s3.options.basePath}lfs/big` }));
    expect(head.ETag).toMatch(/-3"$/); // a multipart object's ETag counts its parts: 8 + 8 + 4 MiB
    expect(await heldIn(client, s3.options)).toEqual(['lfs/big']);
  });

  it.each([
    ['the source fails', 'source'],
    ['the client aborts', 'signal'],
    ['the content passes maxBytes', 'maxBytes'],
  ])('aborts the multipart upload when %s midway, leaving no upload and no object', async (_what, how) => {
    const body = new PassThrough();
    const controller = new AbortController();
    const writing = store.write('lfs/cut', body, { signal: controller.signal, ...(how === 'maxBytes' ? { maxBytes: 18 * MiB } : {}) });
    writing.catch(() => undefined);
    // Feed 17 MiB (two parts sent, the third filling) and wait until the upload is seen under way.
    for (let sent = 0; sent < 17 * MiB; sent += MiB) if (!body.write(randomBytes(MiB))) await new Promise((r) => body.once('drain', r));
    await waitFor(async () => (await uploadsIn(client, s3.options)).length === 1);
    if (how === 'source') body.destroy(new Error('connection reset'));
    else if (how === 'signal') controller.abort();
    else body.write(randomBytes(2 * MiB));
    await expect(writing).rejects.toBeInstanceOf(how === 'maxBytes' ? BlobTooLargeError : BlobAbortedError);
    expect(await uploadsIn(client, s3.options)).toEqual([]);
    expect(await heldIn(client, s3.options)).toEqual([]);
  });

  it('hands out a presigned download URL with the file name and type asked for; a tampered one is refused', async () => {
    await store.write('attachments/ab/cd/abcd-1', Readable.from([Buffer.from('direct bytes')]));
    const url = await store.presignedReadUrl('attachments/ab/cd/abcd-1', {
      expiresInSeconds: 60,
      filename: 'résumé "final".txt',
      contentType: 'text/plain; charset=utf-8',
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:7480\/bellows-contract\/run-/);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('direct bytes');
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ _final_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.txt`,
    );

    const tampered = new URL(url!);
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(tampered)).status).toBe(403);
    const otherKey = url!.replace('abcd-1', 'abcd-2');
    expect((await fetch(otherKey)).status).toBe(403);
  });

  it('sweeps multipart uploads and temporary objects a crash left, older than the cutoff, and nothing else', async () => {
    const base = s3.options.basePath!;
    await store.write('attachments/kept', Readable.from([Buffer.from('blob')]));
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: `${base}lfs/crashed` }));
    await client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: `${base}lfs/crashed`, UploadId, PartNumber: 1, Body: Buffer.alloc(5000) }),
    );
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${base}.tmp/crashed`, Body: Buffer.alloc(700) }));

    expect(await store.sweepTemporary(new Date(Date.now() - 60 * 60 * 1000))).toEqual([]);
    const later = new Date(Date.now() + 60 * 60 * 1000);
    const found = [
      { name: `lfs/crashed#upload=${UploadId}`, size: 5000, modifiedAt: expect.anything() },
      { name: '.tmp/crashed', size: 700, modifiedAt: expect.anything() },
    ];
    expect(await store.sweepTemporary(later, { dryRun: true })).toEqual(found);
    expect(await heldIn(client, s3.options)).toEqual(['.tmp/crashed', 'attachments/kept', 'lfs/crashed#upload']);
    expect(await store.sweepTemporary(later)).toEqual(found);
    expect(await heldIn(client, s3.options)).toEqual(['attachments/kept']);
  });

  it('copies content larger than one copy allows a part at a time, and refreshes it the same way', async () => {
    const small = new S3BlobStore({ ...s3.options, partSize: 5 * MiB, singleCopyLimit: 5 * MiB });
    try {
      const size = 12 * MiB + 17;
      const sha256 = await digestOf(generated(size, 9));
      const first = await small.writeDerived(generated(size, 9), { overwrite: false }, (info) => `lfs/${info.sha256}`);
      expect(first).toMatchObject({ key: `lfs/${sha256}`, size, created: true });
      const written = (await small.stat(first.key)).modifiedAt;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await small.writeDerived(generated(size, 9), { overwrite: false }, (info) => `lfs/${info.sha256}`);
      expect(again.created).toBe(false);
      expect((await small.stat(first.key)).modifiedAt.getTime()).toBeGreaterThan(written.getTime());
      expect(await digestOf(await small.read(first.key))).toBe(sha256);
      expect(await heldIn(client, s3.options)).toEqual([`lfs/${sha256}`]);
    } finally {
      small.destroy();
    }
  });

  it('makes its bucket when missing, and names the endpoint and bucket when it cannot use it', async () => {
    const bucket = `bellows-ensure-${randomBytes(4).toString('hex')}`;
    const fresh = new S3BlobStore({ ...s3.options, bucket });
    try {
      await fresh.ensureBucket();
      await fresh.ensureBucket(); // there already: fine
      await fresh.write('a/b', Readable.from([Buffer.from('x')]));
      expect(await fresh.exists('a/b')).toBe(true);
      await fresh.delete('a/b');
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    } finally {
      fresh.destroy();
    }

    const wrongSecret = new S3BlobStore({ ...s3.options, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.ensureBucket()).rejects.toThrow(
      `object storage at http://${s3TestSettings().endpoint}: cannot use bucket "${BUCKET}": access denied`,
    );
    wrongSecret.destroy();
    const nobody = new S3BlobStore({ ...s3.options, endpoint: '127.0.0.1:9' });
    await expect(nobody.ensureBucket()).rejects.toThrow(`object storage at http://127.0.0.1:9: cannot use bucket "${BUCKET}"`);
    nobody.destroy();
  });
});

describe('S3BlobStore over https', () => {
  let dir: string;
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    // A self-signed certificate, as a test set-up's object store might have, on a server answering every request 200.
    dir = await mkdtemp(path.join(tmpdir(), 'bellows-tls-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1'].concat([
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ]),
      { stdio: 'ignore' },
    );
    server = createServer(
      { key: await readFile(path.join(dir, 'key.pem')), cert: await readFile(path.join(dir, 'cert.pem')) },
      (_req, res) => res.end(),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('speaks TLS with MINIO_USE_SSL, and accepts a self-signed certificate only with MINIO_INSECURE_SKIP_VERIFY', async () => {
    const base = { endpoint, accessKeyId: 'a', secretAccessKey: 'b', bucket: 'tls-bucket', useSsl: true };
    const checked = new S3BlobStore({ ...base, insecureSkipVerify: false });
    await expect(checked.ensureBucket()).rejects.toThrow(`object storage at https://${endpoint}: cannot use bucket "tls-bucket"`);
    checked.destroy();
    const trusting = new S3BlobStore({ ...base, insecureSkipVerify: true });
    await expect(trusting.ensureBucket()).resolves.toBeUndefined();
    trusting.destroy();
  });
});
