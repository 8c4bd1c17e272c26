import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Attachment, AttachmentStore, isAttachedTo, UnitOfWork } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { parseId } from '../../http/id-param.pipe';
import { BlobStorage } from '../storage/blob-storage';
import { removeAttachmentFiles } from './attachment-files';
import { AttachmentContainer } from './attachment-containers';
import { AttachmentUploads, requestedAttachmentName, uploadedFileName } from './attachment-upload';
import { ApiAttachment, EditAttachmentOptions, toApiAttachment } from './dto/attachment.dto';

/** The upload's query: the name to give the file and the optional back-dating (issues and comments only). */
export interface UploadQuery {
  name?: unknown;
  updated_at?: unknown;
}

/**
 * The attachments of issues, comments and releases: one set of use cases,
 * whose only difference is the container (AttachmentContainer), found and
 * authorized by the caller. Their bytes count for the owner of the repository
 * (the attachment store keeps the ledger), never for the uploader; they
 * download at `{ROOT_URL}attachments/{uuid}` (AttachmentDownloads).
 */
@Injectable()
export class AttachmentsService {
  private readonly rootUrl: string;

  constructor(
    private readonly attachments: AttachmentStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly uploads: AttachmentUploads,
    private readonly blobs: BlobStorage,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  async list(container: AttachmentContainer): Promise<ApiAttachment[]> {
    return (await this.listIn(container)).map((row) => this.shape(row));
  }

  async get(container: AttachmentContainer, attachmentId: string): Promise<ApiAttachment> {
    return this.shape(await this.findIn(container, attachmentId));
  }

  /**
   * Streams the upload to storage, then records it (and the dates the
   * container decided) in one transaction; if recording fails the stored file
   * is removed again. The name and date checks run before the body is read.
   */
  async create(container: AttachmentContainer, query: UploadQuery, request: FastifyRequest, actor: Actor): Promise<ApiAttachment> {
    const name = requestedAttachmentName(query.name);
    const dates = container.uploadDates(actor, query.updated_at);
    const file = await this.uploads.receive(request, name);
    try {
      const attachment = await this.unitOfWork.run(async (tx) => {
        const recorded = await tx.attachments.insert({
          ...container.links,
          name: name ?? uploadedFileName(file.fileName),
          size: file.size,
          uploaderId: actor.user.id,
          uuid: file.uuid,
          createdAt: dates.createdAt,
        });
        await dates.touch(tx);
        return recorded;
      });
      return this.shape(attachment);
    } catch (error) {
      await this.uploads.discard(file);
      throw error;
    }
  }

  async rename(container: AttachmentContainer, attachmentId: string, option: EditAttachmentOptions): Promise<ApiAttachment> {
    const attachment = await this.findIn(container, attachmentId);
    if (option.name === undefined) return this.shape(attachment);
    await this.attachments.rename(attachment.id, option.name);
    return this.shape({ ...attachment, name: option.name });
  }

  /** Deletes the row (taking its bytes off the owner's usage), then the file. */
  async delete(container: AttachmentContainer, attachmentId: string): Promise<void> {
    const attachment = await this.findIn(container, attachmentId);
    if (await this.attachments.delete(attachment.id)) await removeAttachmentFiles(this.blobs, [attachment]);
  }

  private listIn({ place }: AttachmentContainer): Promise<Attachment[]> {
    switch (place.kind) {
      case 'issue':
        return this.attachments.listOfIssue(place.id);
      case 'comment':
        return this.attachments.listOfComment(place.id);
      case 'release':
        return this.attachments.listOfRelease(place.id);
    }
  }

  /** The attachment when it hangs on the container (an issue's own, not one of its comments'); 404 otherwise. */
  private async findIn(container: AttachmentContainer, rawId: string): Promise<Attachment> {
    const id = parseId(rawId);
    const attachment = id ? await this.attachments.findById(id) : null;
    if (!attachment || !isAttachedTo(attachment, container.place)) throw new NotFoundException(container.missing(rawId));
    return attachment;
  }

  private shape(attachment: Attachment): ApiAttachment {
    return toApiAttachment(attachment, this.rootUrl);
  }
}
