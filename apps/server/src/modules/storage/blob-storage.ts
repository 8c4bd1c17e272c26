import type { Readable } from 'node:stream';
import type { DigestAlgorithm, Digests } from '@bellows/storage';

/** How a write is checked and bounded. */
export interface BlobWriteOptions {
  /** The size the uploader announced; anything else fails (BlobMismatchError). */
  expectedSize?: number;
  /** The sha256 (lower-case hex) the uploader announced; anything else fails (BlobMismatchError). */
  expectedSha256?: string;
  /** Stop reading and fail (BlobTooLargeError) once the content exceeds this. */
  maxBytes?: number;
  /** Aborting it stops the upload (BlobAbortedError). */
  signal?: AbortSignal;
  /** Replace an existing blob (default); when false an existing one is kept (`write` fails with BlobExistsError). */
  overwrite?: boolean;
  /**
   * The digests to compute, in the pass that writes (default: the sha256 alone; `[]`
   * computes none, for content whose digests no client can ask for). An announced
   * sha256 and a content-addressed write (`writeDerived`) always compute the sha256.
   */
  digests?: DigestAlgorithm[];
}

/** What a whole content is: its size and, unless `digests` left it out, its sha256 (lower-case hex). */
export interface BlobContentInfo {
  size: number;
  sha256?: string;
  /** When `digests` asked for some besides the sha256: all of those computed (lower-case hex). */
  digests?: Digests;
}

/** What a content-addressed write learns: its sha256 names it. */
export interface HashedBlobContentInfo extends BlobContentInfo {
  sha256: string;
}

/** A blob as a write left it. */
export interface StoredBlobInfo extends BlobContentInfo {
  key: string;
  /** False when the key already held a blob that was kept (overwrite: false). */
  created: boolean;
}

export interface BlobFileStat {
  size: number;
  modifiedAt: Date;
}

/** A blob found by `list`. */
export interface ListedBlobInfo extends BlobFileStat {
  key: string;
}

/** A temporary file: an upload under way, or one a crash cut short. */
export interface TemporaryBlobFile {
  /** Its name below the storage root. */
  name: string;
  size: number;
  modifiedAt: Date;
}

/** How a presigned download URL is made. */
export interface PresignedReadOptions {
  /** How long the URL works (a few minutes: it is handed to one client for one download). */
  expiresInSeconds: number;
  /** The file name the download is saved under (Content-Disposition). */
  filename?: string;
  /** The Content-Type the download is answered with. */
  contentType?: string;
}

/**
 * Application port: the blobs under `[storage] PATH` (attachments, package
 * files, LFS objects, artifact zips and their blocks), named by keys such as
 * `attachments/ab/cd/<uuid>` (see `shardedKey`). Writes stream, hash and count
 * the content and are atomic: readers see the whole blob or none, and a failed
 * write leaves nothing. Bound to the storage adapter's BlobStore in app/.
 * Failures are the storage package's errors (BlobNotFoundError, BlobTooLargeError…).
 */
export abstract class BlobStorage {
  /** Stores `input` under `key` (replacing a blob there unless `overwrite: false`, then BlobExistsError). */
  abstract write(key: string, input: Readable, options?: BlobWriteOptions): Promise<StoredBlobInfo>;
  /** Like `write`, for keys that depend on the content (content addressing): `keyFor` gets its size and hash once it is all received. */
  abstract writeDerived(
    input: Readable,
    options: BlobWriteOptions,
    keyFor: (info: HashedBlobContentInfo) => string,
  ): Promise<StoredBlobInfo & HashedBlobContentInfo>;
  /** Streams a blob, optionally a byte range (inclusive `end`, as HTTP ranges); BlobNotFoundError when there is none. */
  abstract read(key: string, range?: { start?: number; end?: number }): Promise<Readable>;
  /** Its size and modification time; BlobNotFoundError when there is none. */
  abstract stat(key: string): Promise<BlobFileStat>;
  abstract exists(key: string): Promise<boolean>;
  /**
   * Digests of a stored blob, for those computed when first needed rather than
   * at upload: its file is read and hashed off the event loop. BlobNotFoundError
   * when there is none.
   */
  abstract digestsOf(key: string, algorithms: DigestAlgorithm[]): Promise<Digests>;
  /** Removes a blob; false when there was none. */
  abstract delete(key: string): Promise<boolean>;
  /** Removes every blob below the folder `prefix` (whole key parts, e.g. `actions/blocks/12`); nothing there is fine. */
  abstract deleteFolder(prefix: string): Promise<void>;
  /**
   * Every blob below the folder `prefix` (whole key parts: `a/x` holds `a/x/1`, not `a/xy`; all blobs when absent),
   * walked without holding them all in memory; temporary files are never listed.
   */
  abstract list(prefix?: string): AsyncGenerator<ListedBlobInfo>;
  /** Removes the blob if it was last written before `cutoff` (a write refreshing it meanwhile keeps it); what was removed, or null. */
  abstract deleteIfOlderThan(key: string, cutoff: Date): Promise<BlobFileStat | null>;
  /** The temporary files last written before `cutoff` (uploads a crash cut short), removed unless `dryRun`. */
  abstract sweepTemporary(cutoff: Date, options?: { dryRun?: boolean }): Promise<TemporaryBlobFile[]>;
  /**
   * A short-lived URL the client can download the blob from itself, when the
   * store of its kind is object storage with SERVE_DIRECT on; null otherwise (then
   * the server streams it). Whether the blob exists is not checked: ask first.
   */
  abstract presignedReadUrl(key: string, options: PresignedReadOptions): Promise<string | null>;
}
