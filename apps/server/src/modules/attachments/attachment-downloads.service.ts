import { Injectable, NotFoundException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { AttachmentEntity, Database, RepositoryEntity } from '@bellows/persistence-typeorm';
import { BlobNotFoundError, BlobStore } from '@bellows/storage';
import { Actor } from '../../http/auth/actor';
import { atLeast, RepoPermission } from '../repositories/repo-permission';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { attachmentFileKey } from './attachment-files';

/** An attachment the caller may download, with its content. */
export interface AttachmentDownload {
  attachment: AttachmentEntity;
  content: Readable;
}

/**
 * Downloads by UUID (`{ROOT_URL}attachments/{uuid}`). Knowing the UUID is not
 * enough: the caller must be able to see the attachment's container exactly
 * as through the API — read access to the repository, and an issue, comment
 * or release that still exists; a draft release's files only for writers.
 * Anything else is 404, as if the UUID were unknown.
 */
@Injectable()
export class AttachmentDownloads {
  constructor(
    private readonly db: Database,
    private readonly access: RepositoryAccess,
    private readonly blobs: BlobStore,
  ) {}

  async open(uuid: string, actor: Actor | undefined): Promise<AttachmentDownload> {
    const notFound = new NotFoundException(`attachment ${uuid} does not exist`);
    const attachment = /^[0-9a-f-]{36}$/i.test(uuid) ? await this.db.attachments.findByUuid(uuid.toLowerCase()) : null;
    if (!attachment || !(await this.mayDownload(attachment, actor))) throw notFound;
    try {
      return { attachment, content: await this.blobs.read(attachmentFileKey(attachment)) };
    } catch (error) {
      throw error instanceof BlobNotFoundError ? notFound : error;
    }
  }

  private async mayDownload(attachment: AttachmentEntity, actor: Actor | undefined): Promise<boolean> {
    const repo = await this.db.repositories.findById(attachment.repoId);
    const owner = repo ? await this.db.owners.findById(repo.ownerId) : null;
    if (!repo || !owner) return false;
    const permission = await this.access.permissionOf(owner, repo, actor?.user);
    return permission !== 'none' && (await this.containerVisible(attachment, repo, permission));
  }

  private async containerVisible(attachment: AttachmentEntity, repo: RepositoryEntity, permission: RepoPermission): Promise<boolean> {
    if (attachment.releaseId !== null) {
      const release = await this.db.releases.findById(repo.id, attachment.releaseId);
      return release !== null && (!release.isDraft || atLeast(permission, 'write'));
    }
    if (attachment.commentId !== null) return (await this.db.comments.findById(attachment.commentId)) !== null;
    if (attachment.issueId !== null) return (await this.db.issues.findById(attachment.issueId)) !== null;
    return false;
  }
}
