import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HookEventInput, Issue, Owner, OwnerStore, Repository, RepositoryStore, TransactionStores, UnitOfWork } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { toApiComment } from '../issues/dto/comment.dto';
import { ApiIssue, IssuePlace } from '../issues/dto/issue.dto';
import { IssueShaper } from '../issues/issue-shaper.service';
import { CommentType } from '../issues/timeline-types';
import { IssueEvent, IssueEvents } from '../notifications/notification-events';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { WebhookEvents } from '../webhooks/webhook-events';
import {
  editChanges,
  HookChanges,
  HookCommentAction,
  HookIssueAction,
  IssueEventParts,
  issueCommentPayload,
  issuePayload,
} from './payloads/hook-payloads';

/** What an edit of an issue did, as IssuesService knows it at the end of its transaction. */
export interface IssueEdit {
  /** The issue's row before the edit (read for change inside the transaction). */
  before: Issue;
  actor: Owner;
  assignees?: { added: number[]; removed: number[] };
}

/**
 * Issue, label and comment events for webhooks, with Forgejo's event types
 * and payloads. Each is queued inside the transaction that made the change,
 * with the issue read through that transaction, so the payload shows the
 * issue as the change left it and no event is stored without its change
 * (a comment's deletion, made outside a unit of work, is the exception: its
 * event is rendered before and queued after it).
 *
 * Pull requests' own events (`pull_request*`) carry the pull request's shape,
 * not the issue's: changes to a pull request made through the issue routes
 * are not sent here (only comments on them are, as `pull_request_comment`).
 */
@Injectable()
export class IssueWebhooks implements OnModuleInit {
  constructor(
    private readonly events: IssueEvents,
    private readonly shaper: IssueShaper,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly hooks: WebhookEvents,
    private readonly unitOfWork: UnitOfWork,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  onModuleInit(): void {
    this.events.subscribe((tx, event) => this.onIssueEvent(tx, event));
  }

  /** Opening and commenting come through the issues' event publisher; closing and reopening through `edited`. */
  private async onIssueEvent(tx: TransactionStores, event: IssueEvent): Promise<void> {
    if (event.kind === 'issue-opened' && !event.issue.isPull) await this.sendIssueEvent(tx, event.issue, event.actorId, 'issues', 'opened');
    if (event.kind === 'comment-created' && event.commentId !== undefined)
      await this.sendComment(tx, event.issue, event.commentId, event.actorId, 'created');
  }

  /**
   * The events of one edit, in Forgejo's order: `edited` (title or body, with
   * the old values), `closed`/`reopened`, `milestoned`/`demilestoned`, then one
   * `assigned`/`unassigned` per assignee added or removed.
   */
  async edited(tx: TransactionStores, edit: IssueEdit): Promise<void> {
    const { before } = edit;
    if (before.isPull) return;
    const after = await tx.issues.findById(before.id);
    if (!after) return;
    const sends: Array<{ event: IssueHookEvent; action: HookIssueAction; changes?: HookChanges }> = [];
    const changes = editChanges(before, after);
    if (changes) sends.push({ event: 'issues', action: 'edited', changes });
    if (after.isClosed !== before.isClosed) sends.push({ event: 'issues', action: after.isClosed ? 'closed' : 'reopened' });
    if (after.milestoneId !== before.milestoneId)
      sends.push({ event: 'issue_milestone', action: after.milestoneId === null ? 'demilestoned' : 'milestoned' });
    for (const action of assigneeActions(edit.assignees)) sends.push({ event: 'issue_assign', action });
    if (!sends.length) return;
    const repo = await this.repositories.findById(after.repoId);
    if (!repo) return;
    // Rendered once, and only when the first hook-wanted event needs it.
    let parts: ReturnType<IssueWebhooks['partsOf']> | undefined;
    for (const send of sends)
      await this.hooks.enqueueRendered(tx, { event: send.event, repoId: repo.id, ownerId: repo.ownerId }, async () => {
        const rendered = await (parts ??= this.partsOf(tx, after, edit.actor.id));
        return rendered && issuePayload(send.action, rendered, send.changes);
      });
  }

  /** The issue's event, its payload read through `tx` when a hook wants it (the repository names the hooks). */
  private async sendIssueEvent(tx: TransactionStores, issue: IssueRef, actorId: number, event: IssueHookEvent, action: HookIssueAction) {
    const repo = await this.repositories.findById(issue.repoId);
    if (!repo) return;
    await this.hooks.enqueueRendered(tx, { event, repoId: repo.id, ownerId: repo.ownerId }, async () => {
      const now = await tx.issues.findById(issue.id);
      const parts = now && (await this.partsOf(tx, now, actorId));
      return parts && issuePayload(action, parts);
    });
  }

  /** A comment's event in `tx`, rendered only when a hook wants it. */
  private async sendComment(
    tx: TransactionStores,
    issue: IssueRef,
    commentId: number,
    actorId: number,
    action: HookCommentAction,
    changes?: HookChanges,
  ): Promise<void> {
    const repo = await this.repositories.findById(issue.repoId);
    if (!repo) return;
    const target = { event: commentHookEvent(issue), repoId: repo.id, ownerId: repo.ownerId };
    await this.hooks.enqueueRendered(
      tx,
      target,
      async () => (await this.commentEvent(tx, action, issue.id, commentId, actorId, changes))?.payload ?? null,
    );
  }

  /** `edited`, with the comment's previous text, queued in the edit's transaction. */
  async commentEdited(tx: TransactionStores, issueId: number, commentId: number, actorId: number, before: string): Promise<void> {
    const issue = await tx.issues.findById(issueId);
    if (issue) await this.sendComment(tx, issue, commentId, actorId, 'edited', { body: { from: before } });
  }

  /**
   * A comment about to be deleted (outside a unit of work: its attachments go
   * with it): the event is rendered now, while the comment is there, and the
   * returned function queues it once the deletion succeeded.
   */
  async commentDeleting(issueId: number, commentId: number, actorId: number): Promise<() => Promise<void>> {
    const event = await this.unitOfWork.run((tx) => this.commentEvent(tx, 'deleted', issueId, commentId, actorId));
    return async () => {
      if (event) await this.hooks.enqueueNow(event);
    };
  }

  /**
   * `label_updated` after labels were put on or taken off, `label_cleared`
   * after all were removed at once (issueClearLabels), as Forgejo sends them.
   */
  async labelsChanged(tx: TransactionStores, issueId: number, actorId: number, cleared: boolean): Promise<void> {
    const issue = await tx.issues.findById(issueId);
    if (!issue || issue.isPull) return;
    await this.sendIssueEvent(tx, issue, actorId, 'issue_label', cleared ? 'label_cleared' : 'label_updated');
  }

  /** An `issue_comment` event (`pull_request_comment` on a pull request), read through `tx`; null when it is gone. */
  private async commentEvent(
    tx: TransactionStores,
    action: HookCommentAction,
    issueId: number,
    commentId: number,
    actorId: number,
    changes?: HookChanges,
  ): Promise<HookEventInput | null> {
    const [issue, comment] = await Promise.all([tx.issues.findById(issueId), tx.comments.findById(commentId)]);
    if (!issue || !comment || comment.type !== CommentType.Comment) return null;
    const parts = await this.partsOf(tx, issue, actorId);
    if (!parts) return null;
    const shaped = toApiComment(comment, issue, parts.place, undefined, this.ctx);
    const payload = issueCommentPayload(action, { ...parts, comment: shaped }, changes);
    return { event: commentHookEvent(issue), repoId: parts.repo.id, ownerId: parts.repo.ownerId, payload };
  }

  /** The issue, its repository and the sender, shaped as the API shapes them for an anonymous reader. */
  private async partsOf(
    tx: TransactionStores,
    issue: Issue,
    actorId: number,
  ): Promise<(IssueEventParts & { repo: Repository; place: IssuePlace }) | null> {
    const repo = await this.repositories.findById(issue.repoId);
    const [owner, sender] = await Promise.all([repo ? this.owners.findById(repo.ownerId) : null, tx.owners.findById(actorId)]);
    if (!repo || !owner || !sender) return null;
    const place = { owner, repo };
    return {
      repo,
      place,
      issue: await this.shapeWithin(tx, issue, place),
      // Forgejo renders the repository of a payload with the owner's access.
      repository: toApiRepository(repo, owner, 'owner', undefined, this.ctx),
      sender: toApiUser(sender, undefined, this.ctx),
    };
  }

  /** The issue's JSON, with labels, assignees and counts read through `tx` (so as this transaction left them). */
  private async shapeWithin(tx: TransactionStores, issue: Issue, place: IssuePlace): Promise<ApiIssue> {
    const ids = [issue.id];
    const [labels, assignees, comments, pulls] = await Promise.all([
      tx.issueLabels.labelsOfIssues(ids),
      tx.issues.assigneesOf(ids),
      tx.comments.countOfType(ids, CommentType.Comment),
      issue.isPull ? tx.issues.pullsOf(ids) : Promise.resolve(new Map()),
    ]);
    const pull = issue.isPull ? (pulls.get(issue.id) ?? { hasMerged: false, mergedAt: null }) : null;
    const listed = {
      issue,
      labels: labels.get(issue.id) ?? [],
      assignees: assignees.get(issue.id) ?? [],
      comments: comments.get(issue.id) ?? 0,
      pull,
    };
    return (await this.shaper.listed([listed], place, undefined))[0];
  }
}

/** A comment on a pull request is a `pull_request_comment`, on an issue an `issue_comment` (as Forgejo). */
function commentHookEvent(issue: IssueRef): IssueHookEvent {
  return issue.isPull ? 'pull_request_comment' : 'issue_comment';
}

/** What names an issue's hooks and event type: the parts that never change once it is opened. */
type IssueRef = Pick<Issue, 'id' | 'repoId' | 'isPull'>;

type IssueHookEvent = 'issues' | 'issue_assign' | 'issue_milestone' | 'issue_label' | 'issue_comment' | 'pull_request_comment';

/** One `assigned` per assignee added, then one `unassigned` per assignee removed, as Forgejo sends them. */
function assigneeActions(change: IssueEdit['assignees']): HookIssueAction[] {
  return [
    ...(change?.added ?? []).map((): HookIssueAction => 'assigned'),
    ...(change?.removed ?? []).map((): HookIssueAction => 'unassigned'),
  ];
}
