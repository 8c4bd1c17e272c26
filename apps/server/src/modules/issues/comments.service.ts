import { ForbiddenException, Injectable, Optional } from '@nestjs/common';
import { CommentedIssue, ContainerGoneError, createCommentDates, editCommentDates } from '@bellows/domain';
import { CommentEntity, Database } from '@bellows/persistence-typeorm';
import { Actor } from '../../http/auth/actor';
import { IssueEvents } from '../notifications/notification-events';
import { RepoContext } from '../repositories/repository-access.service';
import { atLeast } from '../repositories/repo-permission';
import { CrossReferences } from './cross-references.service';
import { ResolvedComment, ResolvedIssue } from './issue-lookup.service';
import { IssueService } from './issue.service';
import { mentioning } from './issues.service';
import { TimelineService } from './timeline.service';
import { CommentType } from './timeline-types';
import { UpdateDatePolicy } from './update-date-policy';
import { BlobStore } from '@bellows/storage';
import { removeAttachmentFiles } from '../attachments/attachment-files';

/**
 * Comments on issues. Creating and editing one applies the update-date policy
 * (`createCommentDates`, `editCommentDates`): the comment's dates, the issue's
 * update date and the cross-references its text makes are stored together.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly db: Database,
    private readonly timeline: TimelineService,
    private readonly issues: IssueService,
    private readonly references: CrossReferences,
    private readonly policy: UpdateDatePolicy,
    private readonly blobs: BlobStore,
    @Optional() private readonly events?: IssueEvents,
  ) {}

  async create({ repoCtx, issue }: ResolvedIssue, body: string, rawUpdatedAt: unknown, actor: Actor): Promise<CommentEntity> {
    const context = this.policy.context(repoCtx, actor, rawUpdatedAt);
    const dates = this.policy.decide(() => createCommentDates(commented(repoCtx, issue), body, context));
    const id = await this.db.transaction(async (tx) => {
      const comment = await this.timeline.record(tx, {
        issueId: issue.id, type: CommentType.Comment, actorId: actor.user.id, content: body,
        createdAt: dates.commentCreatedAt, updatedAt: dates.commentUpdatedAt,
      });
      await this.issues.touch(tx, issue.id, dates.issueUpdatedAt);
      await this.references.record(tx, { repoCtx, issue, comment, author: actor.user }, dates.crossReferences);
      await this.events?.publish(tx, { kind: 'comment-created', issueId: issue.id, commentId: comment.id, actorId: actor.user.id, content: body, at: comment.createdAt });
      return comment.id;
    });
    return (await this.db.comments.findById(id)) as CommentEntity;
  }

  /** The poster or a repository administrator may edit; mentions new to the text add references. */
  async edit({ repoCtx, issue, comment }: ResolvedComment, body: string, rawUpdatedAt: unknown, actor: Actor): Promise<CommentEntity> {
    this.requireAuthorOrAdmin(repoCtx, comment, actor, 'edit');
    const context = this.policy.context(repoCtx, actor, rawUpdatedAt);
    const dates = this.policy.decide(() => editCommentDates(commented(repoCtx, issue), body, context));
    await this.db.transaction(async (tx) => {
      // By id, with the row held: a comment deleted meanwhile is a 404, never written back.
      if (!(await tx.comments.findForChange(comment.id))) throw new ContainerGoneError('comment', comment.id);
      await tx.comments.update(comment.id, { content: body, updatedAt: dates.commentUpdatedAt });
      await this.issues.touch(tx, issue.id, dates.issueUpdatedAt);
      await this.references.record(tx, { repoCtx, issue, comment, author: actor.user }, dates.crossReferences);
    });
    return (await this.db.comments.findById(comment.id)) as CommentEntity;
  }

  async delete({ repoCtx, comment }: ResolvedComment, actor: Actor): Promise<void> {
    this.requireAuthorOrAdmin(repoCtx, comment, actor, 'delete');
    // Attachments have no foreign key to comments (a cascade would drop rows without
    // taking their bytes off the owner's usage): their store deletes them with the comment.
    const attachments = await this.db.attachments.deleteContainer('comment', comment.id);
    if (!attachments) throw new ContainerGoneError('comment', comment.id);
    await removeAttachmentFiles(this.blobs, attachments);
  }

  private requireAuthorOrAdmin(repoCtx: RepoContext, comment: CommentEntity, actor: Actor, what: string): void {
    if (comment.posterId !== actor.user.id && !atLeast(repoCtx.permission, 'admin')) {
      throw new ForbiddenException(`only the comment's author and repository administrators may ${what} it`);
    }
  }
}

function commented(repoCtx: RepoContext, issue: ResolvedIssue['issue']): CommentedIssue {
  return { ...mentioning(repoCtx, issue), createdAt: issue.createdAt, updatedAt: issue.updatedAt };
}
