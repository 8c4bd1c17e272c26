import type { Readable } from 'node:stream';
import type { DigestAlgorithm, Digests } from './digests';

export interface WriteOptions {
  /** The size the uploader announced; anything else is a BlobMismatchError. */
  expectedSize?: number;
  /** The sha256 (lower-case hex) the uploader announced; anything else is a BlobMismatchError. */
  expectedSha256?: string;
  /** Stop reading and fail with BlobTooLargeError once the content exceeds this. */
  maxBytes?: number;
  /** Aborting it stops the upload with BlobAbortedError. */
  signal?: AbortSignal;
  /** Replace an existing blob (default); when false an existing one is a BlobExistsError. */
  overwrite?: boolean;
  /**
   * The digests to compute, in the pass that writes (default: the sha256 alone;
   * `[]` computes none, for content whose digests nobody asks for). The sha256 is
   * computed whatever this says when it is announced ({@link expectedSha256}) or
   * names the blob ({@link BlobBackend.writeDerived}).
   */
  digests?: DigestAlgorithm[];
}

export interface BlobInfo {
  size: number;
  /** Lower-case hex; absent only when {@link WriteOptions.digests} left it out. */
  sha256?: string;
  /** When {@link WriteOptions.digests} asked for some besides the sha256: all of those computed (lower-case hex). */
  digests?: Digests;
}

/** What a content-addressed write learns: the sha256 is always there (it names the blob). */
export interface HashedBlobInfo extends BlobInfo {
  sha256: string;
}

export interface StoredBlob extends BlobInfo {
  key: string;
  /** False when the key already held a blob that was kept (overwrite: false, content-addressed). */
  created: boolean;
}

export interface BlobStat {
  size: number;
  modifiedAt: Date;
}

/** A blob found by {@link BlobBackend.list}. */
export interface ListedBlob extends BlobStat {
  key: string;
}

/** Something a store keeps while an upload is under way, or that a crash cut short. */
export interface TemporaryFile {
  /** What it is, below the store's root (`.tmp/<uuid>.part`, `.tmp/<uuid>`, `<key>#upload=<id>`). */
  name: string;
  size: number;
  modifiedAt: Date;
}

/** How a direct download link is made (see {@link BlobBackend.presignedReadUrl}). */
export interface PresignedReadOptions {
  /** How long the link works. */
  expiresInSeconds: number;
  /** The file name the browser saves it as (`Content-Disposition: attachment`). */
  filename?: string;
  /** The `Content-Type` the download is served with. */
  contentType?: string;
}

/**
 * Where blobs live: a folder of the local disk ({@link BlobStore}) or an
 * S3-compatible object store ({@link S3BlobStore}), with the same behaviour (one
 * contract test runs against both). Keys are relative paths of safe parts
 * (`assertBlobKey`). Writes stream, count and hash the content and are atomic:
 * readers see the whole blob or none, and a failed, aborted or refused write
 * leaves nothing behind. Failures are the errors of `./errors`.
 */
export interface BlobBackend {
  /** Stores `input` under `key` (replacing a blob there unless `overwrite: false`, then BlobExistsError). */
  write(key: string, input: Readable, options?: WriteOptions): Promise<StoredBlob>;
  /**
   * Like {@link write}, for keys that depend on the content (content addressing):
   * `keyFor` gets the size and hash once the whole content has been received.
   * With `overwrite: false` an existing blob is kept, its modification time
   * refreshed (so a garbage sweep spares it), and `created` is false.
   */
  writeDerived(input: Readable, options: WriteOptions, keyFor: (info: HashedBlobInfo) => string): Promise<StoredBlob & HashedBlobInfo>;
  /** Streams a blob, optionally a byte range (inclusive `end`, as HTTP ranges); BlobNotFoundError when there is none. */
  read(key: string, range?: { start?: number; end?: number }): Promise<Readable>;
  /** Its size and last write time; BlobNotFoundError when there is none. */
  stat(key: string): Promise<BlobStat>;
  exists(key: string): Promise<boolean>;
  /** Digests of a stored blob (for those computed when first asked for); BlobNotFoundError when there is none. */
  digestsOf(key: string, algorithms: DigestAlgorithm[]): Promise<Digests>;
  /** Removes a blob; false when there was none. */
  delete(key: string): Promise<boolean>;
  /** Removes every blob below the folder `prefix` (whole key parts, e.g. `actions/blocks/12`); nothing there is fine. */
  deleteFolder(prefix: string): Promise<void>;
  /**
   * Every blob below the folder `prefix` (whole key parts: `a/x` holds `a/x/1`, not
   * `a/xy`; all blobs when absent), walked without holding them all in memory.
   * Temporary files and names that are not valid keys are never listed.
   */
  list(prefix?: string): AsyncGenerator<ListedBlob>;
  /** Removes the blob if it was last written before `cutoff`; what was removed, or null (newer, or gone). */
  deleteIfOlderThan(key: string, cutoff: Date): Promise<BlobStat | null>;
  /** What uploads a crash cut short left behind, last written before `cutoff`; removed unless `dryRun`. */
  sweepTemporary(cutoff: Date, options?: { dryRun?: boolean }): Promise<TemporaryFile[]>;
  /**
   * A short-lived URL from which a client downloads the blob itself (`SERVE_DIRECT`),
   * or null when this store cannot serve directly (the local one): then the server streams it.
   */
  presignedReadUrl(key: string, options: PresignedReadOptions): Promise<string | null>;
}
