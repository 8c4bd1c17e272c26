import { createHash, Hash } from 'node:crypto';
import { Transform, TransformCallback } from 'node:stream';
import type { BlobDigests } from '@bellows/domain';

/**
 * Passes content through unchanged while computing the md5, sha1 and sha512
 * package files report. The sha256 (the content address) comes from the blob
 * store, which hashes the same bytes in the same pass.
 */
export class DigestingStream extends Transform {
  private readonly hashes: Record<keyof BlobDigests, Hash> = {
    md5: createHash('md5'),
    sha1: createHash('sha1'),
    sha512: createHash('sha512'),
  };

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (const hash of Object.values(this.hashes)) hash.update(chunk);
    callback(null, chunk);
  }

  /** The digests of everything that went through; call once the stream has ended. */
  digests(): BlobDigests {
    return { md5: this.hashes.md5.digest('hex'), sha1: this.hashes.sha1.digest('hex'), sha512: this.hashes.sha512.digest('hex') };
  }
}
