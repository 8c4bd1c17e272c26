import { Injectable, NotFoundException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  Attachment,
  AttachmentStore,
  CommentStore,
  IssueStore,
  OwnerStore,
  ReleaseStore,
  Repository,
  RepositoryStore,
} from '@bellows/domain';
import { BlobNotFoundError } from '@bellows/storage';
import { Actor } from '../../http/auth/actor';
import { atLeast, RepoPermission } from '../repositories/repo-permission';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { BlobStorage } from '../storage/blob-storage';
import { DIRECT_DOWNLOAD_SECONDS } from '../storage/direct-download';
import { attachmentFileKey } from './attachment-files';

/**
 * An attachment the caller may download, with its content, or (SERVE_DIRECT) a
 * short-lived URL of the object store to send the caller to instead.
 */
export type AttachmentDownload = { attachment: Attachment } & ({ content: Readable } | { directUrl: string });

/**
 * Downloads by UUID (`{ROOT_URL}attachments/{uuid}`). Knowing the UUID is not
 * enough: the caller must be able to see the attachment's container exactly
 * as through the API — read access to the repository, and an issue, comment
 * or release that still exists; a draft release's files only for writers.
 * Anything else is 404, as if the UUID were unknown. Each download opened counts.
 */
@Injectable()
export class AttachmentDownloads {
  constructor(
    private readonly attachments: AttachmentStore,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly releases: ReleaseStore,
    private readonly issues: IssueStore,
    private readonly comments: CommentStore,
    private readonly access: RepositoryAccess,
    private readonly blobs: BlobStorage,
  ) {}

  async open(uuid: string, actor: Actor | undefined): Promise<AttachmentDownload> {
    const notFound = new NotFoundException(`attachment ${uuid} does not exist`);
    const attachment = /^[0-9a-f-]{36}$/i.test(uuid) ? await this.attachments.findByUuid(uuid.toLowerCase()) : null;
    if (!attachment || !(await this.mayDownload(attachment, actor))) throw notFound;
    // Only now, after the same checks as a streamed download: the URL lets anyone who has it read the file.
    const directUrl = await this.blobs.presignedReadUrl(attachmentFileKey(attachment), {
      expiresInSeconds: DIRECT_DOWNLOAD_SECONDS,
      filename: attachment.name,
    });
    if (directUrl !== null) {
      await this.attachments.countDownload(attachment.id);
      return { attachment, directUrl };
    }
    let content: Readable;
    try {
      content = await this.blobs.read(attachmentFileKey(attachment));
    } catch (error) {
      throw error instanceof BlobNotFoundError ? notFound : error;
    }
    await this.attachments.countDownload(attachment.id);
    return { attachment, content };
  }

  private async mayDownload(attachment: Attachment, actor: Actor | undefined): Promise<boolean> {
    const repo = await this.repositories.findById(attachment.repoId);
    const owner = repo ? await this.owners.findById(repo.ownerId) : null;
    if (!repo || !owner) return false;
    const permission = await this.access.permissionOf(owner, repo, actor?.user);
    return permission !== 'none' && (await this.containerVisible(attachment, repo, permission));
  }

  private async containerVisible(attachment: Attachment, repo: Repository, permission: RepoPermission): Promise<boolean> {
    if (attachment.releaseId !== null) {
      const release = await this.releases.findById(repo.id, attachment.releaseId);
      return release !== null && (!release.isDraft || atLeast(permission, 'write'));
    }
    if (attachment.commentId !== null) return (await this.comments.findById(attachment.commentId)) !== null;
    if (attachment.issueId !== null) return (await this.issues.findById(attachment.issueId)) !== null;
    return false;
  }
}
