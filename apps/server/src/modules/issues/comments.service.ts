import { ForbiddenException, Injectable, Optional } from '@nestjs/common';
import { CommentedIssue, createCommentDates, editCommentDates } from '@bellows/domain';
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
import { BlobStore, shardedKey } from '@bellows/storage';

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
      const { poster: _poster, issue: _issue, ...columns } = comment;
      await tx.comments.save(Object.assign(columns as CommentEntity, { content: body, updatedAt: dates.commentUpdatedAt }));
      await this.issues.touch(tx, issue.id, dates.issueUpdatedAt);
      await this.references.record(tx, { repoCtx, issue, comment, author: actor.user }, dates.crossReferences);
    });
    return (await this.db.comments.findById(comment.id)) as CommentEntity;
  }

  async delete({ repoCtx, comment }: ResolvedComment, actor: Actor): Promise<void> {
    this.requireAuthorOrAdmin(repoCtx, comment, actor, 'delete');
    // Attachments have no foreign key to comments (a cascade would drop rows without
    // taking their bytes off the owner's usage): they go through their store first.
    const attachments = await this.db.attachments.listOfComment(comment.id);
    await this.db.transaction(async (tx) => {
      for (const attachment of attachments) await tx.attachments.delete(attachment.id);
      await tx.comments.delete(comment.id);
    });
    for (const attachment of attachments) await this.blobs.delete(shardedKey('attachments', attachment.uuid));
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
