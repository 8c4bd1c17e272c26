import type { BlobInfo, HashedBlobInfo, WriteOptions } from './blob-backend';
import type { DigestAlgorithm } from './digests';
import { BlobMismatchError, BlobTooLargeError } from './errors';

/** What the writer asked for (the sha256 alone by default), and the sha256 when it was announced, to check it. */
export function digestsToCompute(options: Pick<WriteOptions, 'expectedSha256' | 'digests'>): DigestAlgorithm[] {
  const asked = options.digests ?? ['sha256'];
  return [...new Set<DigestAlgorithm>(options.expectedSha256 !== undefined ? ['sha256', ...asked] : asked)];
}

/** The options of a content-addressed write: its sha256 names the blob, so it is always computed. */
export function withSha256(options: WriteOptions): WriteOptions {
  return { ...options, digests: [...new Set<DigestAlgorithm>(['sha256', ...(options.digests ?? [])])] };
}

/** The info of a write whose digests included the sha256. */
export function hashed<T extends BlobInfo>(info: T): T & HashedBlobInfo {
  if (info.sha256 === undefined) throw new Error('the content was stored without its sha256');
  return info as T & HashedBlobInfo;
}

/** Fails with BlobMismatchError when the whole content is not what the uploader announced. */
export function checkAnnounced(info: BlobInfo, options: WriteOptions): void {
  if (options.expectedSize !== undefined && info.size !== options.expectedSize) {
    throw new BlobMismatchError('size', options.expectedSize, info.size);
  }
  if (options.expectedSha256 !== undefined && info.sha256 !== options.expectedSha256.toLowerCase()) {
    throw new BlobMismatchError('sha256', options.expectedSha256, info.sha256 ?? 'nothing');
  }
}

/**
 * Why a content that has reached `received` bytes so far must stop now: past
 * `maxBytes` (BlobTooLargeError) or past the announced size (BlobMismatchError);
 * null while it may go on. Checked as it flows, so a refused upload stops early.
 */
export function limitPassed(received: number, options: Pick<WriteOptions, 'maxBytes' | 'expectedSize'>): Error | null {
  const { maxBytes, expectedSize } = options;
  if (maxBytes !== undefined && received > maxBytes) return new BlobTooLargeError(maxBytes);
  if (expectedSize !== undefined && received > expectedSize)
    return new BlobMismatchError('size', expectedSize, `more than ${expectedSize}`);
  return null;
}
