import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { BlobStorage, HashedBlobContentInfo, PresignedReadOptions, StoredBlobInfo } from '../../storage/blob-storage';

/** Largest block the Azure-style upload accepts (the artifact client sends 8 MiB blocks). */
export const MAX_BLOCK_BYTES = 64 * 1024 * 1024;
/** Largest artifact zip, assembled or sent in one PUT. */
export const MAX_ARTIFACT_BYTES = 10 * 1024 * 1024 * 1024;

/** A stored zip with its sha256: the artifact's digest, which clients check after downloading. */
export type StoredZip = StoredBlobInfo & HashedBlobContentInfo;

/**
 * Artifact zips under `[storage] PATH`, and the blocks they are uploaded in.
 * The artifact client uploads like to Azure block blobs: blocks (possibly in
 * parallel and out of order), then the list that orders them. Blocks are kept
 * as separate blobs until the list arrives; assembling streams them one after
 * another into the zip, so no artifact is ever held in memory.
 */
@Injectable()
export class ArtifactBlobs {
  constructor(private readonly blobs: BlobStorage) {}

  /** The zip of upload `uploadId` (kept under this key once the artifact is finalized). */
  zipKey(uploadId: number): string {
    return `actions/artifacts/${uploadId}.zip`;
  }

  /** A block is hashed by nobody: the zip it goes into is. */
  writeBlock(uploadId: number, blockId: string, content: Readable, signal?: AbortSignal): Promise<StoredBlobInfo> {
    return this.blobs.write(this.blockKey(uploadId, blockId), content, { maxBytes: MAX_BLOCK_BYTES, signal, digests: [] });
  }

  async writeZip(uploadId: number, content: Readable, signal?: AbortSignal): Promise<StoredZip> {
    const stored = await this.blobs.write(this.zipKey(uploadId), content, { maxBytes: MAX_ARTIFACT_BYTES, signal, digests: ['sha256'] });
    if (stored.sha256 === undefined) throw new Error('the artifact zip was stored without its sha256');
    return { ...stored, sha256: stored.sha256 };
  }

  /** Whether every listed block was uploaded. */
  async hasBlocks(uploadId: number, blockIds: string[]): Promise<boolean> {
    for (const blockId of blockIds) if (!(await this.blobs.exists(this.blockKey(uploadId, blockId)))) return false;
    return true;
  }

  /** Streams the blocks, in the listed order, into the upload's zip; then removes them. */
  async assemble(uploadId: number, blockIds: string[]): Promise<StoredZip> {
    const blobs = this.blobs;
    const keys = blockIds.map((blockId) => this.blockKey(uploadId, blockId));
    const concatenated = Readable.from(
      (async function* () {
        for (const key of keys) yield* await blobs.read(key);
      })(),
    );
    const stored = await this.writeZip(uploadId, concatenated);
    await this.discardBlocks(uploadId);
    return stored;
  }

  /** Removes every block of the upload, listed or not (a client may upload blocks it then leaves out). */
  async discardBlocks(uploadId: number): Promise<void> {
    await this.blobs.deleteFolder(this.blocksFolder(uploadId));
  }

  read(key: string): Promise<Readable> {
    return this.blobs.read(key);
  }

  /** A presigned URL of a zip when the artifacts' store serves directly (SERVE_DIRECT), else null. */
  presignedReadUrl(key: string, options: PresignedReadOptions): Promise<string | null> {
    return this.blobs.presignedReadUrl(key, options);
  }

  /** Removes a zip; quietly does nothing when it is already gone. */
  async remove(key: string | null): Promise<void> {
    if (key) await this.blobs.delete(key);
  }

  private blocksFolder(uploadId: number): string {
    return `actions/blocks/${uploadId}`;
  }

  /** Block ids are base64 chosen by the client; hex keeps any of them a valid blob key. */
  private blockKey(uploadId: number, blockId: string): string {
    return `${this.blocksFolder(uploadId)}/${Buffer.from(blockId, 'utf8').toString('hex')}`;
  }
}
