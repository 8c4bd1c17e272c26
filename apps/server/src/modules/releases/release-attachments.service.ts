import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AttachmentEntity, Database, ReleaseEntity } from '@bellows/persistence-typeorm';
import { BlobStore } from '@bellows/storage';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { ApiAttachment, EditAttachmentOptions, toApiAttachment } from '../attachments/attachment-shapes';
import { removeAttachmentFiles } from '../attachments/attachment-files';
import { AttachmentUploads, requestedAttachmentName, uploadedFileName } from '../attachments/attachment-upload';
import { Actor } from '../../http/auth/actor';

/**
 * The files of a release. They are streamed into storage by the upload helper
 * the issue attachments use, and recorded through the attachment store, which
 * counts them for the repository's owner under `attachments:releases`. They
 * download at `{ROOT_URL}attachments/{uuid}` like any attachment.
 */
@Injectable()
export class ReleaseAttachmentsService {
  private readonly rootUrl: string;

  constructor(
    private readonly db: Database,
    private readonly uploads: AttachmentUploads,
    private readonly blobs: BlobStore,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  async list(release: ReleaseEntity): Promise<ApiAttachment[]> {
    return (await this.db.attachments.listOfRelease(release.id)).map((row) => this.shape(row));
  }

  async get(release: ReleaseEntity, rawId: string): Promise<ApiAttachment> {
    return this.shape(await this.findIn(release, rawId));
  }

  /** Streams the file to storage, then records it; when recording fails the file is removed again. */
  async create(release: ReleaseEntity, rawName: unknown, request: FastifyRequest, actor: Actor): Promise<ApiAttachment> {
    const name = requestedAttachmentName(rawName);
    const file = await this.uploads.receive(request, name);
    try {
      const attachment = await this.db.attachments.insert({
        repoId: release.repoId, releaseId: release.id, name: name ?? uploadedFileName(file.fileName), size: file.size, uploaderId: actor.user.id, uuid: file.uuid,
      });
      return this.shape(attachment);
    } catch (error) {
      await this.uploads.discard(file);
      throw error;
    }
  }

  async rename(release: ReleaseEntity, rawId: string, option: EditAttachmentOptions): Promise<ApiAttachment> {
    const attachment = await this.findIn(release, rawId);
    if (option.name !== undefined) {
      await this.db.attachments.rename(attachment.id, option.name);
      attachment.name = option.name;
    }
    return this.shape(attachment);
  }

  /** Deletes the row (its bytes leave the owner's usage), then the file. */
  async delete(release: ReleaseEntity, rawId: string): Promise<void> {
    const attachment = await this.findIn(release, rawId);
    if (await this.db.attachments.delete(attachment.id)) await removeAttachmentFiles(this.blobs, [attachment]);
  }

  private async findIn(release: ReleaseEntity, rawId: string): Promise<AttachmentEntity> {
    const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : null;
    const attachment = id ? await this.db.attachments.findById(id) : null;
    if (!attachment || attachment.releaseId !== release.id) throw new NotFoundException(`attachment ${rawId} of release ${release.id} does not exist`);
    return attachment;
  }

  private shape(attachment: AttachmentEntity): ApiAttachment {
    return toApiAttachment(attachment, this.rootUrl);
  }
}
