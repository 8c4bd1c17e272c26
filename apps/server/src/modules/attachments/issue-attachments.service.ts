import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { createCommentAttachmentDates, createIssueAttachmentDates } from '@bellows/domain';
import { AttachmentEntity, Database } from '@bellows/persistence-typeorm';
import { BlobStore } from '@bellows/storage';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { IssueLookup, ResolvedComment, ResolvedIssue } from '../issues/issue-lookup.service';
import { IssueService } from '../issues/issue.service';
import { UpdateDatePolicy } from '../issues/update-date-policy';
import { atLeast } from '../repositories/repo-permission';
import { ApiAttachment, EditAttachmentOptions, toApiAttachment } from './attachment-shapes';
import { removeAttachmentFiles } from './attachment-files';
import { AttachmentUploads, ReceivedFile, requestedAttachmentName, uploadedFileName } from './attachment-upload';

/** What an attachment hangs on: an issue itself, or one of its comments. */
export type AttachmentContainer = { kind: 'issue'; target: ResolvedIssue } | { kind: 'comment'; target: ResolvedComment };

/** How a request names the container: owner, repository, and the issue number or the comment id. */
export interface ContainerAddress {
  owner: string;
  repo: string;
  kind: 'issue' | 'comment';
  /** The issue's number, or the comment's id. */
  id: string;
}

/** The upload's query: the name to give the file and the optional back-dating. */
export interface UploadQuery {
  name?: unknown;
  updated_at?: unknown;
}

/**
 * The attachments of issues and comments. Their bytes count for the owner of
 * the repository (the attachment store keeps the ledger), never for the
 * uploader. Reading needs read access; adding, renaming and deleting need the
 * container's author or write access, as in Forgejo.
 */
@Injectable()
export class IssueAttachmentsService {
  private readonly rootUrl: string;

  constructor(
    private readonly db: Database,
    private readonly lookup: IssueLookup,
    private readonly issues: IssueService,
    private readonly policy: UpdateDatePolicy,
    private readonly uploads: AttachmentUploads,
    private readonly blobs: BlobStore,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  async list(address: ContainerAddress, actor: Actor | undefined): Promise<ApiAttachment[]> {
    const container = await this.resolve(address, actor);
    const rows = container.kind === 'issue' ? await this.db.attachments.listOfIssue(container.target.issue.id) : await this.db.attachments.listOfComment(container.target.comment.id);
    return rows.map((row) => this.shape(row));
  }

  async get(address: ContainerAddress, attachmentId: string, actor: Actor | undefined): Promise<ApiAttachment> {
    const container = await this.resolve(address, actor);
    return this.shape(await this.findIn(container, attachmentId));
  }

  /**
   * Streams the upload to storage, then records it (and the dates the
   * update-date policy decides) in one transaction; if recording fails the
   * stored file is removed again. The date guard runs before the body is read.
   */
  async create(address: ContainerAddress, query: UploadQuery, request: FastifyRequest, actor: Actor): Promise<ApiAttachment> {
    const container = await this.resolve(address, actor);
    this.requireAuthorOrWriter(container, actor);
    const name = requestedAttachmentName(query.name);
    const context = this.policy.context(container.target.repoCtx, actor, query.updated_at);
    const record = container.kind === 'issue' ? this.issueRecorder(container.target, context) : this.commentRecorder(container.target, context);
    const file = await this.uploads.receive(request, name);
    try {
      const attachment = await this.db.transaction((tx) => record(tx, file, actor, name ?? uploadedFileName(file.fileName)));
      return this.shape(attachment);
    } catch (error) {
      await this.uploads.discard(file);
      throw error;
    }
  }

  async rename(address: ContainerAddress, attachmentId: string, option: EditAttachmentOptions, actor: Actor): Promise<ApiAttachment> {
    const container = await this.resolve(address, actor);
    this.requireAuthorOrWriter(container, actor);
    const attachment = await this.findIn(container, attachmentId);
    if (option.name !== undefined) {
      await this.db.attachments.rename(attachment.id, option.name);
      attachment.name = option.name;
    }
    return this.shape(attachment);
  }

  /** Deletes the row (taking its bytes off the owner's usage), then the file. */
  async delete(address: ContainerAddress, attachmentId: string, actor: Actor): Promise<void> {
    const container = await this.resolve(address, actor);
    this.requireAuthorOrWriter(container, actor);
    const attachment = await this.findIn(container, attachmentId);
    if (await this.db.attachments.delete(attachment.id)) await removeAttachmentFiles(this.blobs, [attachment]);
  }

  private issueRecorder(target: ResolvedIssue, context: ReturnType<UpdateDatePolicy['context']>) {
    const dates = this.policy.decide(() => createIssueAttachmentDates(target.issue, context));
    return async (tx: Database, file: ReceivedFile, actor: Actor, name: string) => {
      const attachment = await tx.attachments.insert({
        repoId: target.repoCtx.repo.id, issueId: target.issue.id, name, size: file.size, uploaderId: actor.user.id, uuid: file.uuid, createdAt: dates.attachmentCreatedAt,
      });
      // Bellows keeps no content history, so the content change is dated by the attachment itself.
      await this.issues.touch(tx, target.issue.id, dates.issueUpdatedAt);
      return attachment;
    };
  }

  private commentRecorder(target: ResolvedComment, context: ReturnType<UpdateDatePolicy['context']>) {
    const dates = this.policy.decide(() => createCommentAttachmentDates(target.issue, context));
    return async (tx: Database, file: ReceivedFile, actor: Actor, name: string) => {
      const attachment = await tx.attachments.insert({
        repoId: target.repoCtx.repo.id, issueId: target.issue.id, commentId: target.comment.id, name, size: file.size,
        uploaderId: actor.user.id, uuid: file.uuid, createdAt: dates.attachmentCreatedAt,
      });
      // By id: the comment row read before the upload may have been deleted since (insert held and checked it).
      await tx.comments.update(target.comment.id, { updatedAt: dates.commentUpdatedAt });
      await this.issues.touch(tx, target.issue.id, dates.issueUpdatedAt);
      return attachment;
    };
  }

  private async resolve({ owner, repo, kind, id }: ContainerAddress, actor: Actor | undefined): Promise<AttachmentContainer> {
    if (kind === 'issue') return { kind, target: await this.lookup.resolveIssue(owner, repo, id, actor) };
    return { kind, target: await this.lookup.resolveComment(owner, repo, id, actor) };
  }

  /** The attachment when it belongs to the container (an issue's own, not one of its comments'); 404 otherwise. */
  private async findIn(container: AttachmentContainer, rawId: string): Promise<AttachmentEntity> {
    const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : null;
    const attachment = id ? await this.db.attachments.findById(id) : null;
    const belongs =
      attachment !== null &&
      (container.kind === 'issue'
        ? attachment.issueId === container.target.issue.id && attachment.commentId === null
        : attachment.commentId === container.target.comment.id);
    if (!belongs) throw new NotFoundException(`attachment ${rawId} does not exist`);
    return attachment;
  }

  private requireAuthorOrWriter(container: AttachmentContainer, actor: Actor): void {
    const author = container.kind === 'issue' ? container.target.issue.posterId : container.target.comment.posterId;
    if (author === actor.user.id || atLeast(container.target.repoCtx.permission, 'write')) return;
    throw new ForbiddenException(`only the author or a writer of ${container.target.repoCtx.owner.name}/${container.target.repoCtx.repo.name} may change these attachments`);
  }

  private shape(attachment: AttachmentEntity): ApiAttachment {
    return toApiAttachment(attachment, this.rootUrl);
  }
}
