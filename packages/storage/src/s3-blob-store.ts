import { createHash, randomUUID, type Hash } from 'node:crypto';
import { Agent } from 'node:https';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCopyCommand,
  type BucketLocationConstraint,
  type CompletedPart,
  type MultipartUpload,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type {
  BlobBackend,
  BlobInfo,
  BlobStat,
  HashedBlobInfo,
  ListedBlob,
  PresignedReadOptions,
  StoredBlob,
  TemporaryFile,
  WriteOptions,
} from './blob-backend';
import type { DigestAlgorithm, Digests } from './digests';
import { BlobAbortedError, BlobExistsError, BlobNotFoundError, BlobStoreError } from './errors';
import { assertBlobKey, isBlobKey } from './keys';
import { checkAnnounced, digestsToCompute, hashed, limitPassed, withSha256 } from './write-checks';

/** Where the objects are: Forgejo's `[storage]` keys for `STORAGE_TYPE = minio`. */
export interface S3BlobStoreOptions {
  /** `host:port` (Forgejo's `MINIO_ENDPOINT`); the scheme comes from {@link useSsl}. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  /** The region (`MINIO_LOCATION`); us-east-1 when absent. */
  location?: string;
  /** Put before every object name (`MINIO_BASE_PATH`), e.g. `bellows/`; '' when absent. */
  basePath?: string;
  /** https rather than http (`MINIO_USE_SSL`). */
  useSsl?: boolean;
  /** Accept any TLS certificate (`MINIO_INSECURE_SKIP_VERIFY`): for self-signed test set-ups only. */
  insecureSkipVerify?: boolean;
  /** Bytes per multipart part, and the largest body a write holds in memory to send in one request (default 8 MiB, at least 5 MiB). */
  partSize?: number;
  /** The largest object copied in one CopyObject (S3 allows 5 GiB); larger ones are copied a part at a time. */
  singleCopyLimit?: number;
}

const MiB = 1024 * 1024;
/** S3's smallest part (but the last). */
const MIN_PART_SIZE = 5 * MiB;
const DEFAULT_PART_SIZE = 8 * MiB;
/** S3's largest CopyObject (and UploadPartCopy part). */
const MAX_SINGLE_COPY = 5 * 1024 * MiB;
/** S3 numbers at most this many parts in one upload. */
const MAX_PARTS = 10_000;
/** Parts of one upload sent at once: each holds a part in memory, so this bounds an upload's memory (with one part being filled). */
const PARTS_IN_FLIGHT = 2;
/** Parts of a server-side copy made at once (the bytes never pass through us). */
const COPIES_IN_FLIGHT = 4;
/** How long opening a connection to the store may take. */
const CONNECT_TIMEOUT_MS = 10_000;
/** DeleteObjects takes at most this many names. */
const DELETE_BATCH = 1000;
/** Temporary objects (bodies of content-addressed writes, before their key is known) live under this, outside every valid key. */
const TEMP_PREFIX = '.tmp/';
/** How many times a write that finds its blob removed under it (by a garbage sweep) tries to place its copy again. */
const PLACE_ATTEMPTS = 5;
/**
 * A claim (see {@link S3BlobStore.copyReceived}) older than this is one a crashed
 * writer left: its server-side copy (a few GiB at most at hundreds of MiB/s) would long be done.
 */
const STALE_CLAIM_MS = 15 * 60 * 1000;
/** How often a writer waiting for another's claim looks again. */
const CLAIM_POLL_MS = 100;
/**
 * S3 reports times to the second (HTTP dates): an object written at 10.7 s says
 * 10 s. Treating it as written up to a second later keeps the sweeps on the safe
 * side: a blob is deleted only when it was surely written before the cutoff.
 */
const TIME_PRECISION_MS = 1000;

/**
 * Blobs as objects of an S3-compatible store (AWS S3, MinIO, Ceph's RADOS
 * Gateway...), one object per key under `basePath`, with the behaviour of the
 * local {@link BlobStore} (the same contract tests run against both).
 *
 * A write streams: its bytes go through a meter that counts, enforces the limits
 * and hashes them, then to the store, one request for a body of up to one part,
 * otherwise a multipart upload that is aborted on any failure (too large,
 * mismatch, the source failing, `signal`), so that nothing stays behind. An
 * object only appears when its upload completes, so readers see the whole blob
 * or none. A body whose key depends on its content (`writeDerived`) goes to
 * `.tmp/<uuid>` when it is larger than one part, and is copied on the server to
 * its key once hashed.
 */
export class S3BlobStore implements BlobBackend {
  readonly bucket: string;
  /** What goes before each key in an object's name: '' or a path ending in '/'. */
  readonly basePath: string;
  private readonly client: S3Client;
  private readonly endpointUrl: string;
  private readonly partSize: number;
  private readonly singleCopyLimit: number;

  constructor(options: S3BlobStoreOptions) {
    if (!options.endpoint) throw new Error('object storage: the endpoint (MINIO_ENDPOINT) is empty');
    if (!options.bucket) throw new Error('object storage: the bucket (MINIO_BUCKET) is empty');
    this.bucket = options.bucket;
    this.basePath = normalizedBasePath(options.basePath ?? '');
    this.endpointUrl = /^https?:\/\//i.test(options.endpoint)
      ? options.endpoint
      : `${options.useSsl ? 'https' : 'http'}://${options.endpoint}`;
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? DEFAULT_PART_SIZE);
    this.singleCopyLimit = Math.min(MAX_SINGLE_COPY, options.singleCopyLimit ?? MAX_SINGLE_COPY);
    this.client = new S3Client({
      endpoint: this.endpointUrl,
      region: options.location || 'us-east-1',
      // Path-style (`host/bucket/key`): S3-compatible servers seldom have a DNS name per bucket.
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where S3 demands them: many S3-compatible servers refuse the newer trailing ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        // A store that drops packets would otherwise hold a request (and the start) for the OS's minutes.
        connectionTimeout: CONNECT_TIMEOUT_MS,
        ...(options.insecureSkipVerify ? { httpsAgent: new Agent({ rejectUnauthorized: false, keepAlive: true }) } : {}),
      },
    });
  }

  /**
   * Makes the bucket when it does not exist (as Forgejo does when it starts);
   * fails with a message naming the endpoint and the bucket when it cannot be
   * reached or used.
   */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!isNotFound(error)) throw this.unusable(error);
    }
    try {
      const region = await this.client.config.region();
      await this.client.send(
        new CreateBucketCommand({
          Bucket: this.bucket,
          // us-east-1 is the default location, which S3 wants left unsaid.
          ...(region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint } }),
        }),
      );
    } catch (error) {
      if (errorName(error) === 'BucketAlreadyOwnedByYou') return; // another instance made it meanwhile
      throw this.unusable(error);
    }
  }

  async write(key: string, input: Readable, options: WriteOptions = {}): Promise<StoredBlob> {
    assertBlobKey(key);
    const overwrite = options.overwrite ?? true;
    // A multipart upload cannot be made conditional on every S3-compatible server
    // (Ceph ignores If-None-Match when completing one), so a kept blob is looked
    // for first; the conditional request below closes the window where it can.
    if (!overwrite && (await this.refreshIfPresent(key))) throw new BlobExistsError(key);
    const meter = this.meter(input, options);
    try {
      await this.upload(key, meter, meter, { ifAbsent: !overwrite, sizeHint: options.expectedSize ?? options.maxBytes });
    } catch (error) {
      if (!overwrite && isPreconditionFailed(error)) {
        await this.refreshIfPresent(key);
        throw new BlobExistsError(key);
      }
      throw error;
    }
    return { key, ...meter.result(), created: true };
  }

  async writeDerived(
    input: Readable,
    options: WriteOptions,
    keyFor: (info: HashedBlobInfo) => string,
  ): Promise<StoredBlob & HashedBlobInfo> {
    const overwrite = options.overwrite ?? true;
    const received = await this.receive(input, withSha256(options));
    try {
      const info = hashed(received.info);
      const key = assertBlobKey(keyFor(info));
      const created =
        'body' in received
          ? await this.putReceived(key, received.body, overwrite)
          : await this.copyReceived(received.tempName, key, info.size, overwrite);
      return { key, ...info, created };
    } finally {
      if ('tempName' in received) await this.deleteObjectQuietly(this.objectName(received.tempName));
    }
  }

  async read(key: string, range: { start?: number; end?: number } = {}): Promise<Readable> {
    const name = this.objectName(assertBlobKey(key));
    const wanted = range.start !== undefined || range.end !== undefined ? `bytes=${range.start ?? 0}-${range.end ?? ''}` : undefined;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name, Range: wanted }));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(key);
      // A range that starts past the end: the blob exists, the range holds nothing (as a file read there).
      if (errorName(error) === 'InvalidRange') return Readable.from([]);
      throw error;
    }
  }

  async stat(key: string): Promise<BlobStat> {
    const found = await this.head(assertBlobKey(key));
    if (!found) throw new BlobNotFoundError(key);
    return found;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(assertBlobKey(key))) !== null;
  }

  /** Reads the object back and hashes it as it arrives (the digests of content stored without them). */
  async digestsOf(key: string, algorithms: DigestAlgorithm[]): Promise<Digests> {
    if (algorithms.length === 0) {
      await this.stat(key);
      return {};
    }
    const hashes = algorithms.map((algorithm) => [algorithm, createHash(algorithm)] as const);
    for await (const chunk of await this.read(key)) for (const [, hash] of hashes) hash.update(chunk as Buffer);
    return Object.fromEntries(hashes.map(([algorithm, hash]) => [algorithm, hash.digest('hex')]));
  }

  /** Removes a blob; false when there was none (S3's DELETE answers the same either way, so it is looked for first). */
  async delete(key: string): Promise<boolean> {
    if (!(await this.head(assertBlobKey(key)))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
    return true;
  }

  async deleteFolder(prefix: string): Promise<void> {
    assertBlobKey(prefix);
    let batch: string[] = [this.objectName(prefix)]; // a blob named like the folder goes too, as with files
    for await (const object of this.objectsUnder(this.objectName(prefix) + '/')) {
      batch.push(object.name);
      if (batch.length === DELETE_BATCH) {
        await this.deleteObjects(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await this.deleteObjects(batch);
  }

  async *list(prefix?: string): AsyncGenerator<ListedBlob> {
    const under = prefix === undefined ? this.basePath : this.objectName(assertBlobKey(prefix)) + '/';
    for await (const object of this.objectsUnder(under)) {
      const key = object.name.slice(this.basePath.length);
      // Temporary objects (.tmp/) and names that are not keys are not blobs of this store.
      if (isBlobKey(key)) yield { key, size: object.size, modifiedAt: object.modifiedAt };
    }
  }

  /**
   * Removes the blob if it was last written before `cutoff`. S3 has no
   * conditional delete on a time, so this looks (HEAD), compares and deletes:
   * a content-addressed write that finds the blob and refreshes it (see
   * {@link refreshIfPresent}) in the few milliseconds between the look and the
   * delete loses it. The garbage sweeps only ask about blobs nothing referenced
   * for a long grace period, so that write would have to store the very content
   * of an orphan in that instant; a local store closes this window (it moves the
   * file aside first), an object store cannot. The times compared are the object
   * store's (LastModified) and ours (`cutoff`): the sweeps' grace period of hours
   * dwarfs any sane clock difference between the two.
   */
  async deleteIfOlderThan(key: string, cutoff: Date): Promise<BlobStat | null> {
    const found = await this.head(assertBlobKey(key));
    if (!found || !writtenBefore(found.modifiedAt, cutoff)) return null;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
    return found;
  }

  /**
   * What crashed uploads left: multipart uploads not written to since before
   * `cutoff` (an upload under way sends a part every few MiB, so only one a crash
   * or a stalled client left is that old), named `<key>#upload=<id>`, and
   * temporary objects (`.tmp/<uuid>`) older than that. Removed unless `dryRun`.
   */
  async sweepTemporary(cutoff: Date, options: { dryRun?: boolean } = {}): Promise<TemporaryFile[]> {
    const swept: TemporaryFile[] = [];
    for await (const upload of this.multipartUploads()) {
      const parts = await this.partsOf(upload);
      if (!parts) continue; // completed or aborted meanwhile
      const modifiedAt = new Date(Math.max(upload.Initiated?.getTime() ?? 0, parts.lastWrite));
      if (!writtenBefore(modifiedAt, cutoff)) continue;
      if (!options.dryRun) {
        try {
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        } catch (error) {
          if (isNotFound(error)) continue; // it finished meanwhile
          throw error;
        }
      }
      swept.push({ name: `${upload.Key!.slice(this.basePath.length)}#upload=${upload.UploadId}`, size: parts.size, modifiedAt });
    }
    for await (const object of this.objectsUnder(this.basePath + TEMP_PREFIX)) {
      if (!writtenBefore(object.modifiedAt, cutoff)) continue;
      if (!options.dryRun) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.name }));
      swept.push({ name: object.name.slice(this.basePath.length), size: object.size, modifiedAt: object.modifiedAt });
    }
    return swept;
  }

  /** A presigned GET of the object, valid `expiresInSeconds`, that makes the browser save it under `filename` with `contentType`. */
  async presignedReadUrl(key: string, options: PresignedReadOptions): Promise<string | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectName(assertBlobKey(key)),
      ...(options.filename !== undefined ? { ResponseContentDisposition: attachmentDisposition(options.filename) } : {}),
      ...(options.contentType !== undefined ? { ResponseContentType: options.contentType } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: Math.max(1, Math.round(options.expiresInSeconds)) });
  }

  /** Closes the client's connections (tests, and the end of a command). */
  destroy(): void {
    this.client.destroy();
  }

  /** The object that holds a key (or a temporary name). */
  private objectName(key: string): string {
    return this.basePath + key;
  }

  private async head(key: string): Promise<BlobStat | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
      return { size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** The input as it passes the checks: counted, limited and hashed (see {@link ContentMeter}). */
  private meter(input: Readable, options: WriteOptions): ContentMeter {
    const meter = new ContentMeter(options);
    // The pipeline ties their fates: a failing source (or `signal`) destroys the meter, and a
    // refusal of the meter (too large) stops the source. Its outcome is read from the meter.
    pipeline(input, meter, options.signal ? { signal: options.signal } : {}).catch(() => undefined);
    return meter;
  }

  /**
   * Sends `body` to the object `name`: in one request when it fits in a part,
   * else as a multipart upload (parts sent as they fill, two at a time), which
   * is aborted on any failure. The meter's own failure (what the source did)
   * wins over the upload's.
   */
  private async upload(name: string, body: Readable, meter: ContentMeter, how: { ifAbsent: boolean; sizeHint?: number }): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectName(name), Body: body, ...(how.ifAbsent ? { IfNoneMatch: '*' } : {}) },
      // Large enough that the announced (or allowed) size fits in S3's 10,000 parts.
      partSize: Math.max(this.partSize, Math.ceil((how.sizeHint ?? 0) / MAX_PARTS)),
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      meter.destroy();
      body.destroy();
      throw meter.failure ?? error;
    }
  }

  /**
   * Receives a content-addressed body: one part or less stays in memory (it is
   * sent once its key is known); a larger one is uploaded to a temporary object.
   */
  private async receive(
    input: Readable,
    options: WriteOptions,
  ): Promise<{ info: BlobInfo; body: Buffer } | { info: BlobInfo; tempName: string }> {
    const meter = this.meter(input, options);
    const chunks = meter[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head: Buffer[] = [];
    let held = 0;
    try {
      while (held <= this.partSize) {
        const next = await chunks.next();
        if (next.done) return { info: meter.result(), body: Buffer.concat(head) };
        head.push(next.value);
        held += next.value.length;
      }
    } catch (error) {
      throw meter.failure ?? asStoreError(error);
    }
    const rest = Readable.from(
      (async function* () {
        yield* head.splice(0);
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      })(),
    );
    const tempName = `${TEMP_PREFIX}${randomUUID()}`;
    await this.upload(tempName, rest, meter, { ifAbsent: false, sizeHint: options.expectedSize ?? options.maxBytes });
    return { info: meter.result(), tempName };
  }

  /** Stores a received small body under `key`; false when an existing blob was kept. */
  private async putReceived(key: string, body: Buffer, overwrite: boolean): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.objectName(key),
            Body: body,
            ContentLength: body.length,
            // Created only if absent, atomically: of concurrent writers exactly one creates.
            ...(overwrite ? {} : { IfNoneMatch: '*' }),
          }),
        );
        return true;
      } catch (error) {
        if (overwrite || !isPreconditionFailed(error)) throw error;
      }
      if (await this.refreshIfPresent(key)) return false;
      if (attempt >= PLACE_ATTEMPTS) throw new Error(`blob ${key} keeps being removed while it is stored`);
    }
  }

  /**
   * Gives a received large body (the temporary object `tempName`) its key by a
   * server-side copy; false when an existing blob was kept. A copy cannot be
   * made conditional on every S3-compatible server (Ceph ignores If-None-Match
   * on it), so a writer that must not replace first claims the key: it creates a
   * small claim object conditionally (exactly one of concurrent writers can),
   * looks for the blob again and copies only if it is still missing. The others
   * wait until the claim is gone, then find the blob (or, if its writer failed,
   * claim in turn). So of concurrent identical uploads exactly one creates, as
   * with small bodies and with the local store. A claim a crash left is taken
   * over once it is {@link STALE_CLAIM_MS} old, and swept with the temporary objects.
   */
  private async copyReceived(tempName: string, key: string, size: number, overwrite: boolean): Promise<boolean> {
    if (overwrite) {
      await this.copy(tempName, key, size);
      return true;
    }
    const claim = `${TEMP_PREFIX}claim-${createHash('sha256').update(key).digest('hex')}`;
    for (let attempt = 1; ; attempt++) {
      if (await this.refreshIfPresent(key)) return false;
      if (await this.claim(claim)) {
        try {
          if (await this.refreshIfPresent(key)) return false; // its writer finished between our look and our claim
          await this.copy(tempName, key, size);
          return true;
        } finally {
          await this.deleteObjectQuietly(this.objectName(claim));
        }
      }
      await this.claimReleased(claim);
      if (attempt >= PLACE_ATTEMPTS) throw new Error(`blob ${key}: could not claim it to store it`);
    }
  }

  /** Creates the claim object if there is none; whether this writer got it. */
  private async claim(claim: string): Promise<boolean> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: this.objectName(claim), Body: '', ContentLength: 0, IfNoneMatch: '*' }),
      );
      return true;
    } catch (error) {
      if (isPreconditionFailed(error)) return false;
      throw error;
    }
  }

  /** Waits until another writer's claim is gone (it finished or failed), removing it once it is stale (its writer crashed). */
  private async claimReleased(claim: string): Promise<void> {
    for (;;) {
      const held = await this.head(claim);
      if (!held) return;
      if (Date.now() - held.modifiedAt.getTime() > STALE_CLAIM_MS) {
        await this.deleteObjectQuietly(this.objectName(claim));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
    }
  }

  /**
   * Gives an existing blob a fresh modification time (copying it onto itself):
   * the caller is about to reference it, and the garbage sweep spares recently
   * written blobs. False when there is none (never was, or a sweep just removed it).
   */
  private async refreshIfPresent(key: string): Promise<boolean> {
    const found = await this.head(key);
    if (!found) return false;
    try {
      await this.copy(key, key, found.size);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Copies an object on the server: one CopyObject up to 5 GiB, parts of a multipart upload beyond. */
  private async copy(from: string, to: string, size: number): Promise<void> {
    const source = copySource(this.bucket, this.objectName(from));
    // REPLACE: the copy (also of an object onto itself) is a new write, with a new modification time.
    if (size <= this.singleCopyLimit) {
      await this.client.send(
        new CopyObjectCommand({ Bucket: this.bucket, Key: this.objectName(to), CopySource: source, MetadataDirective: 'REPLACE' }),
      );
      return;
    }
    const partBytes = Math.min(MAX_SINGLE_COPY, Math.max(this.partSize, Math.ceil(size / MAX_PARTS)));
    const target = { Bucket: this.bucket, Key: this.objectName(to) };
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(target));
    try {
      const parts: CompletedPart[] = [];
      const count = Math.ceil(size / partBytes);
      let next = 0;
      const copier = async () => {
        for (let index = next++; index < count; index = next++) {
          const start = index * partBytes;
          const end = Math.min(size, start + partBytes) - 1;
          const answer = await this.client.send(
            new UploadPartCopyCommand({
              ...target,
              UploadId,
              PartNumber: index + 1,
              CopySource: source,
              CopySourceRange: `bytes=${start}-${end}`,
            }),
          );
          parts.push({ PartNumber: index + 1, ETag: answer.CopyPartResult?.ETag });
        }
      };
      await Promise.all(Array.from({ length: Math.min(COPIES_IN_FLIGHT, count) }, copier));
      parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
      await this.client.send(new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  /** Every object whose name starts with `prefix`, a page (1,000) at a time. */
  private async *objectsUnder(prefix: string): AsyncGenerator<{ name: string; size: number; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { name: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Every multipart upload under way below the base path, a page at a time. */
  private async *multipartUploads(): AsyncGenerator<MultipartUpload> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: this.basePath,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) if (upload.Key && upload.UploadId) yield upload;
      [keyMarker, uploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (keyMarker);
  }

  /** How many bytes an upload holds and when a part was last sent; null when the upload is gone. */
  private async partsOf(upload: MultipartUpload): Promise<{ size: number; lastWrite: number } | null> {
    let size = 0;
    let lastWrite = 0;
    let marker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? []) {
          size += part.Size ?? 0;
          lastWrite = Math.max(lastWrite, part.LastModified?.getTime() ?? 0);
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return { size, lastWrite };
  }

  private async deleteObjects(names: string[]): Promise<void> {
    const answer = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
    if (failed.length > 0) throw new Error(`could not delete ${failed.length} object(s), e.g. ${failed[0].Key}: ${failed[0].Message}`);
  }

  private async deleteObjectQuietly(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name })).catch(() => undefined);
  }

  private unusable(error: unknown): Error {
    const denied = errorName(error) === 'Forbidden' || statusOf(error) === 403;
    const why = denied ? 'access denied (check the access key and secret)' : describe(error);
    return new Error(`object storage at ${this.endpointUrl}: cannot use bucket "${this.bucket}": ${why}`, { cause: error });
  }
}

/**
 * Counts what flows through, stops the flow as soon as a limit is passed, and
 * hashes it (the digests asked for, if any) on the way; once the source has
 * ended it checks what was announced and fails instead of ending when that
 * does not match, so an upload reading it never completes.
 */
class ContentMeter extends Transform {
  private readonly hashes: (readonly [DigestAlgorithm, Hash])[];
  /**
   * Bytes that went through. Not named `size`: lib-storage's Upload takes a body's
   * `size` (or `length`, `byteLength`) as its total length, and would expect no part at all.
   */
  private received = 0;
  private info: BlobInfo | null = null;
  /** Why the content did not pass, as the store's error, once it did not. */
  failure: Error | null = null;

  constructor(private readonly limits: WriteOptions) {
    super();
    this.hashes = digestsToCompute(limits).map((algorithm) => [algorithm, createHash(algorithm)] as const);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.received += chunk.length;
    const passed = limitPassed(this.received, this.limits);
    if (passed) return callback(passed);
    for (const [, hash] of this.hashes) hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: (error?: Error | null) => void): void {
    const digests: Digests = {};
    for (const [algorithm, hash] of this.hashes) digests[algorithm] = hash.digest('hex');
    const others = Object.keys(digests).some((algorithm) => algorithm !== 'sha256');
    const info = { size: this.received, ...(digests.sha256 ? { sha256: digests.sha256 } : {}), ...(others ? { digests } : {}) };
    try {
      checkAnnounced(info, this.limits);
    } catch (error) {
      return callback(error as Error);
    }
    this.info = info;
    callback();
  }

  /**
   * Every way the content fails ends here, before whoever reads the meter hears of it:
   * its own refusals, and the source's failure, end or `signal` (the pipeline
   * destroys the meter with those). The first one is kept as the store's error.
   */
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error) this.failure ??= asStoreError(error);
    callback(error);
  }

  /** What the whole content was, once it passed. */
  result(): BlobInfo {
    if (!this.info) throw this.failure ?? new BlobAbortedError(new Error('the content ended before it was checked'));
    return this.info;
  }
}

/** Our own refusals keep their type; anything else that stops the content is the source failing (or the abort signal). */
function asStoreError(error: unknown): Error {
  return error instanceof BlobStoreError ? error : new BlobAbortedError(error);
}

function normalizedBasePath(basePath: string): string {
  const trimmed = basePath.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/** Whether a time S3 reported (to the second) was surely before `cutoff`. */
function writtenBefore(modifiedAt: Date, cutoff: Date): boolean {
  return modifiedAt.getTime() + TIME_PRECISION_MS <= cutoff.getTime();
}

/** `bucket/key` with each part URL-encoded, as CopyObject's source. */
function copySource(bucket: string, name: string): string {
  return `${bucket}/${name.split('/').map(encodeURIComponent).join('/')}`;
}

/** `attachment` with the name both as plain ASCII (old clients) and as UTF-8 (RFC 6266). */
function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function errorName(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  return name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchUpload' || name === 'NoSuchBucket' || statusOf(error) === 404;
}

function isPreconditionFailed(error: unknown): boolean {
  return errorName(error) === 'PreconditionFailed' || statusOf(error) === 412;
}

function describe(error: unknown): string {
  const status = statusOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return `${errorName(error) ?? 'error'}${status ? ` (HTTP ${status})` : ''}: ${message}`;
}
