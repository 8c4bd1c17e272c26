import type { Readable } from 'node:stream';
import type { BlobBackend, BlobStat, WriteOptions } from './blob-backend';
import type { DigestAlgorithm, Digests } from './digests';
import { InvalidBlobKeyError } from './errors';
import { isSha256, shardedKey } from './keys';

export interface PutResult {
  sha256: string;
  size: number;
  /** False when identical content was already stored (nothing new was written). */
  created: boolean;
  /** When `digests` were asked for: those and the sha256. */
  digests?: Digests;
}

/**
 * Blobs named by the sha256 of their content within a namespace
 * (`packages/ab/cd/<sha256>`): storing the same bytes twice keeps one file. Callers count
 * references themselves and delete a blob when the last one goes.
 */
export class ContentAddressedStore {
  /** Any store with a blob backend's operations (the server hands its storage port). */
  constructor(private readonly blobs: Pick<BlobBackend, 'writeDerived' | 'read' | 'stat' | 'exists' | 'delete' | 'digestsOf'>) {}

  keyOf(namespace: string, sha256: string): string {
    if (!isSha256(sha256)) throw new InvalidBlobKeyError(`${namespace}/${sha256}`, 'not a lower-case sha256');
    return shardedKey(namespace, sha256);
  }

  async put(namespace: string, input: Readable, options: Omit<WriteOptions, 'overwrite'> = {}): Promise<PutResult> {
    shardedKey(namespace, '0000'); // validate the namespace before reading any byte
    const stored = await this.blobs.writeDerived(input, { ...options, overwrite: false }, (info) => shardedKey(namespace, info.sha256));
    return { sha256: stored.sha256, size: stored.size, created: stored.created, ...(stored.digests ? { digests: stored.digests } : {}) };
  }

  async read(namespace: string, sha256: string, range?: { start?: number; end?: number }): Promise<Readable> {
    return this.blobs.read(this.keyOf(namespace, sha256), range);
  }

  async stat(namespace: string, sha256: string): Promise<BlobStat> {
    return this.blobs.stat(this.keyOf(namespace, sha256));
  }

  /** Digests of the stored content, read and hashed off the event loop (BlobNotFoundError when it is gone). */
  async digestsOf(namespace: string, sha256: string, algorithms: DigestAlgorithm[]): Promise<Digests> {
    return this.blobs.digestsOf(this.keyOf(namespace, sha256), algorithms);
  }

  async exists(namespace: string, sha256: string): Promise<boolean> {
    return this.blobs.exists(this.keyOf(namespace, sha256));
  }

  async delete(namespace: string, sha256: string): Promise<boolean> {
    return this.blobs.delete(this.keyOf(namespace, sha256));
  }
}
