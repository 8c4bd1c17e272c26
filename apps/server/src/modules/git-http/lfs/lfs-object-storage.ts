import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { LfsObject, LfsStore } from '@bellows/domain';
import { ContentAddressedStore, shardedKey } from '@bellows/storage';
import { BlobStorage } from '../../storage/blob-storage';
import { DIRECT_DOWNLOAD_SECONDS } from '../../storage/direct-download';

/** Where LFS objects live under `[storage] PATH`: `lfs/ab/cd/<oid>`. */
const NAMESPACE = 'lfs';

/**
 * LFS objects on disk and their references in the database. The content is
 * stored once per oid; each repository that uploads it gains a reference,
 * which counts the object's size in that repository's LFS size.
 */
@Injectable()
export class LfsObjectStorage {
  private readonly store: ContentAddressedStore;

  constructor(
    private readonly lfs: LfsStore,
    private readonly blobs: BlobStorage,
  ) {
    this.store = new ContentAddressedStore(blobs);
  }

  findInRepository(repoId: number, oid: string): Promise<LfsObject | null> {
    return this.lfs.findInRepository(repoId, oid);
  }

  /**
   * Streams the upload into storage, checked against the oid (its sha256) and,
   * when known, the announced size: a mismatch stores nothing (BlobMismatchError).
   * Then the repository references the object and its LFS size is recomputed.
   */
  async upload(repoId: number, oid: string, content: Readable, expectedSize: number | undefined): Promise<void> {
    const stored = await this.store.put(NAMESPACE, content, { expectedSha256: oid, expectedSize });
    await this.lfs.reference(repoId, oid, stored.size);
  }

  open(oid: string): Promise<Readable> {
    return this.store.read(NAMESPACE, oid);
  }

  /** A presigned URL of the object when `[lfs] SERVE_DIRECT` is on object storage (null otherwise); ask after the permission check. */
  directUrl(oid: string, filename?: string): Promise<string | null> {
    return this.blobs.presignedReadUrl(shardedKey(NAMESPACE, oid), {
      expiresInSeconds: DIRECT_DOWNLOAD_SECONDS,
      contentType: 'application/octet-stream',
      filename,
    });
  }
}
