import { Inject, Injectable, PayloadTooLargeException, UnprocessableEntityException, BadRequestException } from '@nestjs/common';
import { Readable } from 'node:stream';
import { AvatarContentType, avatarContentTypeOf, avatarImageProblem, AvatarStore } from '@bellows/domain';
import { BlobNotFoundError, ContentAddressedStore } from '@bellows/storage';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { BlobStorage } from '../storage/blob-storage';

/** Where avatar images live under `[storage] PATH`: `avatars/ab/cd/<sha256>`. Not counted in any quota, as in Forgejo. */
const NAMESPACE = 'avatars';

/** Standard base64 (what Forgejo's decoder accepts), padding included; whitespace is ignored. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** An avatar image as served: its bytes, type and a validator for HTTP caches. */
export interface AvatarImage {
  bytes: Buffer;
  contentType: AvatarContentType;
  sha256: string;
}

/**
 * The images behind avatars: checked (format by magic bytes, `[avatar] MAX_FILE_SIZE`),
 * stored once per content in blob storage, and dropped when no owner or
 * repository shows them any more.
 */
@Injectable()
export class AvatarImages {
  private readonly store: ContentAddressedStore;

  constructor(
    blobs: BlobStorage,
    private readonly avatars: AvatarStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {
    this.store = new ContentAddressedStore(blobs);
  }

  /** Decodes and checks an upload, then stores it; its sha256. 400 for bad base64, 413 too large, 422 no image. */
  async save(base64: string): Promise<string> {
    const bytes = decodeBase64(base64);
    const maxBytes = this.config.avatar.maxFileSizeBytes;
    switch (avatarImageProblem(bytes, maxBytes)) {
      case 'empty':
        throw new UnprocessableEntityException('image is empty');
      case 'too-large':
        throw new PayloadTooLargeException(`the image is ${bytes.length} bytes, larger than the limit of ${maxBytes} bytes`);
      case 'not-an-image':
        throw new UnprocessableEntityException('image is not a PNG, JPEG, GIF or WebP image');
      case null:
        break;
    }
    return (await this.store.put(NAMESPACE, Readable.from([bytes]))).sha256;
  }

  /** The stored image, or null when it is gone (the caller then serves the default). */
  async read(sha256: string): Promise<AvatarImage | null> {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.store.read(NAMESPACE, sha256)) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const contentType = avatarContentTypeOf(bytes);
      return contentType ? { bytes, contentType, sha256 } : null;
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  /** Removes an image no owner or repository shows any more (one replaced or deleted). */
  async release(sha256: string | null): Promise<void> {
    if (sha256 && !(await this.avatars.isInUse(sha256))) await this.store.delete(NAMESPACE, sha256);
  }
}

function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact)) throw new BadRequestException('image is not valid base64');
  return Buffer.from(compact, 'base64');
}
