import { ForbiddenException, Injectable, Optional } from '@nestjs/common';
import {
  AttachmentStore,
  CommentedIssue,
  CommentPeriod,
  CommentStore,
  ContainerGoneError,
  createCommentDates,
  editCommentDates,
  IssueComment,
  Owner,
  UnitOfWork,
} from '@bellows/domain';
import { removeAttachmentFiles } from '../attachments/attachment-files';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { IssueEvents } from '../notifications/notification-events';
import { IssueWebhooks } from '../webhook-events/issue-webhooks.service';
import { RepoContext } from '../repositories/repository-access.service';
import { atLeast } from '../repositories/repo-permission';
import { BlobStorage } from '../storage/blob-storage';
import { UserBlockStore } from '@bellows/domain';
import { assertNotBlockedBy } from '../user-blocks/blocked-by';
import { CrossReferences } from './cross-references.service';
import { ApiComment, ApiTimelineComment } from './dto/comment.dto';
import { ResolvedComment, ResolvedIssue } from './issue-lookup.service';
import { IssueShaper } from './issue-shaper.service';
import { mentioning } from './issues.service';
import { TimelineService } from './timeline.service';
import { CommentType } from './timeline-types';
import { UpdateDatePolicy } from './update-date-policy';

/**
 * Comments on issues and the issues' timelines. Creating and editing a comment
 * applies the update-date policy (`createCommentDates`, `editCommentDates`):
 * the comment's dates, the issue's update date and the cross-references its
 * text makes are stored together.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly attachmentStore: AttachmentStore,
    private readonly timeline: TimelineService,
    private readonly references: CrossReferences,
    private readonly policy: UpdateDatePolicy,
    private readonly shaper: IssueShaper,
    private readonly blobs: BlobStorage,
    private readonly blocks: UserBlockStore,
    @Optional() private readonly events?: IssueEvents,
    /** Webhooks' comment events; optional so comments work without them. */
    @Optional() private readonly webhooks?: IssueWebhooks,
  ) {}

  /** One page of the comments on any issue of the repository updated in the period, oldest first. */
  async listOfRepository(
    repoCtx: RepoContext,
    period: CommentPeriod,
    paging: PageRequest,
    viewer: Owner | undefined,
  ): Promise<PageOf<ApiComment>> {
    const [comments, total] = await this.comments.listOfRepository(
      repoCtx.repo.id,
      [CommentType.Comment],
      period,
      paging.offset,
      paging.limit,
    );
    return new PageOf(
      comments.map((c) => this.shaper.comment(c, c.issue!, repoCtx, viewer)),
      total,
      paging,
    );
  }

  /** The issue's comments updated in the period, oldest first. */
  async listOfIssue({ repoCtx, issue }: ResolvedIssue, period: CommentPeriod, viewer: Owner | undefined): Promise<ApiComment[]> {
    const [comments] = await this.comments.listOfIssue(issue.id, period, [CommentType.Comment]);
    return comments.map((c) => this.shaper.comment(c, issue, repoCtx, viewer));
  }

  /** One page of the issue's timeline (comments and events) updated in the period, oldest first. */
  async timelineOf(
    { repoCtx, issue }: ResolvedIssue,
    period: CommentPeriod,
    paging: PageRequest,
    viewer: Owner | undefined,
  ): Promise<PageOf<ApiTimelineComment>> {
    const [entries, total] = await this.comments.listOfIssue(issue.id, period, undefined, { skip: paging.offset, take: paging.limit });
    return new PageOf(await this.shaper.timeline(entries, issue, repoCtx, viewer), total, paging);
  }

  get({ repoCtx, issue, comment }: ResolvedComment, viewer: Owner | undefined): ApiComment {
    return this.shaper.comment(comment, issue, repoCtx, viewer);
  }

  async create({ repoCtx, issue }: ResolvedIssue, body: string, rawUpdatedAt: unknown, actor: Actor): Promise<ApiComment> {
    await assertNotBlockedBy(this.blocks, repoCtx.owner, actor.user);
    const context = this.policy.context(repoCtx, actor, rawUpdatedAt);
    const dates = this.policy.decide(() => createCommentDates(commented(repoCtx, issue), body, context));
    const stored = await this.unitOfWork.run(async (tx) => {
      const comment = await this.timeline.record(tx, {
        issueId: issue.id,
        type: CommentType.Comment,
        actorId: actor.user.id,
        content: body,
        createdAt: dates.commentCreatedAt,
        updatedAt: dates.commentUpdatedAt,
      });
      await this.references.record(tx, { repoCtx, issue, comment, author: actor.user }, dates.crossReferences);
      await this.events?.publish(tx, {
        kind: 'comment-created',
        issue,
        commentId: comment.id,
        actorId: actor.user.id,
        content: body,
        at: comment.createdAt,
      });
      // Last: on PostgreSQL this holds the issue's row until commit, and every comment on the issue waits for it.
      await tx.issues.touch(issue.id, dates.issueUpdatedAt);
      return comment;
    });
    // The answer is the comment as stored (the insert answers every column), with its poster: no read-back.
    return this.shaper.comment({ ...stored, poster: actor.user }, issue, repoCtx, actor.user);
  }

  /** The poster or a repository administrator may edit; mentions new to the text add references. */
  async edit({ repoCtx, issue, comment }: ResolvedComment, body: string, rawUpdatedAt: unknown, actor: Actor): Promise<ApiComment> {
    this.requireAuthorOrAdmin(repoCtx, comment, actor, 'edit');
    const context = this.policy.context(repoCtx, actor, rawUpdatedAt);
    const dates = this.policy.decide(() => editCommentDates(commented(repoCtx, issue), body, context));
    await this.unitOfWork.run(async (tx) => {
      // By id, with the row held: a comment deleted meanwhile is a 404, never written back.
      if (!(await tx.comments.findForChange(comment.id))) throw new ContainerGoneError('comment', comment.id);
      await tx.comments.update(comment.id, { content: body, updatedAt: dates.commentUpdatedAt });
      await tx.issues.touch(issue.id, dates.issueUpdatedAt);
      await this.references.record(tx, { repoCtx, issue, comment, author: actor.user }, dates.crossReferences);
      await this.webhooks?.commentEdited(tx, issue.id, comment.id, actor.user.id, comment.content);
    });
    return this.shaper.comment((await this.comments.findById(comment.id)) as IssueComment, issue, repoCtx, actor.user);
  }

  async delete({ repoCtx, comment }: ResolvedComment, actor: Actor): Promise<void> {
    this.requireAuthorOrAdmin(repoCtx, comment, actor, 'delete');
    const sendDeleted = await this.webhooks?.commentDeleting(comment.issueId, comment.id, actor.user.id);
    // Attachments have no foreign key to comments (a cascade would drop rows without
    // taking their bytes off the owner's usage): their store deletes them with the comment.
    const attachments = await this.attachmentStore.deleteContainer('comment', comment.id);
    if (!attachments) throw new ContainerGoneError('comment', comment.id);
    await removeAttachmentFiles(this.blobs, attachments);
    await sendDeleted?.();
  }

  private requireAuthorOrAdmin(repoCtx: RepoContext, comment: IssueComment, actor: Actor, what: string): void {
    if (comment.posterId !== actor.user.id && !atLeast(repoCtx.permission, 'admin')) {
      throw new ForbiddenException(`only the comment's author and repository administrators may ${what} it`);
    }
  }
}

function commented(repoCtx: RepoContext, issue: ResolvedIssue['issue']): CommentedIssue {
  return { ...mentioning(repoCtx, issue), createdAt: issue.createdAt, updatedAt: issue.updatedAt };
}
