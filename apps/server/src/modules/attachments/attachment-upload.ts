import { BadRequestException, Inject, Injectable, PayloadTooLargeException, UnprocessableEntityException } from '@nestjs/common';
import { randomUUID } from 'crypto';
import type { FastifyRequest } from 'fastify';
import { BlobAbortedError, BlobTooLargeError } from '@bellows/storage';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { BlobStorage } from '../storage/blob-storage';
import { attachmentFileKey } from './attachment-files';
import { FilePart, isMultipartRequest, MultipartBodyError, receiveFilePart } from './multipart-parser';
import { rawBodyContent } from './raw-upload-body';

/** The multipart field holding the file, as in Forgejo. */
export const ATTACHMENT_FIELD = 'attachment';

const MIB = 1024 * 1024;

/** An uploaded file, stored under `[storage] PATH` and not yet recorded anywhere. */
export interface ReceivedFile {
  uuid: string;
  /** Its blob key; `discard` removes it when recording it fails. */
  key: string;
  /** The bytes actually written (never what the client announced). */
  size: number;
  /** The file name the form gave, if any. */
  fileName: string;
}

/**
 * Receives an upload and streams it into blob storage, stopping at
 * `[attachment] MAX_SIZE` (413). The file is the `attachment` part of a
 * multipart form, or, with any other content type, the whole body, named by
 * the `name` query parameter (as Forgejo's release asset upload takes it).
 * Whatever goes wrong (too big, the client gone mid-way, a malformed form or
 * one cut before its closing boundary: 400), the blob store removes its
 * temporary file, so a failed upload leaves nothing behind.
 */
@Injectable()
export class AttachmentUploads {
  private readonly maxBytes: number;

  constructor(
    private readonly blobs: BlobStorage,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.maxBytes = config.attachment.maxSizeBytes;
  }

  /** `requestedName` is the checked `name` query parameter; a raw body needs it (400 without, before any byte is read). */
  async receive(request: FastifyRequest, requestedName: string | undefined): Promise<ReceivedFile> {
    try {
      const upload = await this.fileOf(request, requestedName);
      const uuid = randomUUID();
      const key = attachmentFileKey({ uuid });
      // No digest: an attachment's API reports none (as Forgejo's), so hashing it would be work nobody reads.
      const stored = await this.blobs.write(key, upload.content, { maxBytes: this.maxBytes, digests: [] });
      return { uuid, key, size: stored.size, fileName: upload.filename };
    } catch (error) {
      discardRestOfBody(request);
      throw this.asHttpError(error);
    }
  }

  private async fileOf(request: FastifyRequest, requestedName: string | undefined): Promise<FilePart> {
    if (isMultipartRequest(request.raw)) return receiveFilePart(request.raw, ATTACHMENT_FIELD);
    if (requestedName === undefined) {
      throw new BadRequestException(
        `give the file's name in the "name" query parameter when the body is the file itself ` +
          `(or send multipart/form-data with the file in the field "${ATTACHMENT_FIELD}")`,
      );
    }
    return { filename: requestedName, content: rawBodyContent(request.raw) };
  }

  async discard(file: ReceivedFile): Promise<void> {
    await this.blobs.delete(file.key);
  }

  private asHttpError(error: unknown): unknown {
    if (error instanceof BlobTooLargeError) {
      return new PayloadTooLargeException(`the attachment is larger than the limit of ${this.maxBytes / MIB} MiB ([attachment] MAX_SIZE)`);
    }
    if (error instanceof MultipartBodyError) return new BadRequestException(error.message);
    if (error instanceof BlobAbortedError) {
      return new BadRequestException(
        error.reason instanceof MultipartBodyError ? error.reason.message : 'the upload ended before the whole file was received',
      );
    }
    return error;
  }
}

/**
 * After a refused upload the client may still be sending. The parser stopped
 * reading, so unread bytes would stall the connection (and the next request on
 * it); they are read and dropped instead, so the client gets the answer and
 * the connection stays usable.
 */
function discardRestOfBody(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/** The `name` query parameter of an upload, checked before the body is read (422 unless a text of at most 255 characters). */
export function requestedAttachmentName(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 255 || value.includes('\u0000')) {
    throw new UnprocessableEntityException('name must be a text of at most 255 characters');
  }
  return value;
}

/** Without a requested name, an attachment takes the uploaded file's own name, without any folder part. */
export function uploadedFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()?.slice(0, 255) ?? '';
  return base === '' ? 'attachment' : base;
}
