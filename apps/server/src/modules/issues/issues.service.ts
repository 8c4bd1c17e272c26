import { ForbiddenException, Injectable, Optional, PreconditionFailedException, UnprocessableEntityException } from '@nestjs/common';
import {
  AttachmentStore,
  assertNoExclusiveConflict,
  ContainerGoneError,
  crossReferenceEvents,
  editIssueDates,
  ExclusiveLabelConflictError,
  Issue,
  IssueChanges,
  IssueStore,
  LabelStore,
  MentioningIssue,
  Milestone,
  milestoneUpdateDate,
  MilestoneStore,
  Owner,
  OwnerStore,
  TransactionStores,
  UnitOfWork,
  UsableLabels,
} from '@bellows/domain';
import { removeAttachmentFiles } from '../attachments/attachment-files';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { IssueEvents } from '../notifications/notification-events';
import { IssueWebhooks } from '../webhook-events/issue-webhooks.service';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { atLeast } from '../repositories/repo-permission';
import { BlobStorage } from '../storage/blob-storage';
import { CrossReferences } from './cross-references.service';
import { ApiIssue, CreateIssueOption, EditIssueOption } from './dto/issue.dto';
import { issueFilterFrom, IssueListParams } from './issue-list-query';
import { ResolvedIssue } from './issue-lookup.service';
import { IssueShaper } from './issue-shaper.service';
import { TimelineService } from './timeline.service';
import { CommentType } from './timeline-types';
import { UpdateDatePolicy } from './update-date-policy';
import { UserBlockStore } from '@bellows/domain';
import { assertNotBlockedBy } from '../user-blocks/blocked-by';

/**
 * Opening, listing, editing and deleting issues. Every change an edit makes is
 * stored in one transaction with the timeline events recording it, dated as
 * the update-date policy decides.
 */
@Injectable()
export class IssuesService {
  constructor(
    private readonly issues: IssueStore,
    private readonly milestones: MilestoneStore,
    private readonly labels: LabelStore,
    private readonly owners: OwnerStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly attachmentStore: AttachmentStore,
    private readonly access: RepositoryAccess,
    private readonly timeline: TimelineService,
    private readonly references: CrossReferences,
    private readonly policy: UpdateDatePolicy,
    private readonly shaper: IssueShaper,
    private readonly blobs: BlobStorage,
    private readonly blocks: UserBlockStore,
    /** Notifications listen here; optional so issues work without them. */
    @Optional() private readonly events?: IssueEvents,
    /** Webhooks' issue events; optional so issues work without them. */
    @Optional() private readonly webhooks?: IssueWebhooks,
  ) {}

  /** Anyone who may read may open an issue; only writers may set its milestone, assignees and labels (ignored otherwise). */
  async create(repoCtx: RepoContext, input: CreateIssueOption, actor: Actor): Promise<ApiIssue> {
    await assertNotBlockedBy(this.blocks, repoCtx.owner, actor.user);
    const writer = atLeast(repoCtx.permission, 'write');
    const milestone = writer && input.milestone ? await this.milestoneOf(repoCtx, input.milestone) : null;
    const assignees = writer ? await this.assigneesNamed(repoCtx, assigneeNames(input)) : [];
    const labelIds = writer ? await this.labelsOf(repoCtx, input.labels ?? []) : [];
    const now = new Date();
    const issue = await this.unitOfWork.run(async (tx) => {
      const created = await tx.issues.create({
        repoId: repoCtx.repo.id,
        posterId: actor.user.id,
        title: input.title.trim(),
        body: input.body ?? '',
        isClosed: input.closed === true,
        milestoneId: null,
        createdAt: now,
      });
      // After the repository (locked for the number), on the milestone's row as it is now: one deleted meanwhile is a 422.
      if (milestone) {
        await this.bringMilestoneForward(tx, milestone.id, now);
        await tx.issues.update(created.id, { milestoneId: milestone.id });
      }
      // A new issue has no assignees yet: nothing to compare with when none are asked for.
      const assigneeIds = assignees.map((user) => user.id);
      if (assigneeIds.length) await tx.issues.setAssignees(created.id, assigneeIds);
      if (labelIds.length) await tx.issueLabels.add(created.id, labelIds);
      const events = crossReferenceEvents(created.body, mentioning(repoCtx, created), now);
      await this.references.record(tx, { repoCtx, issue: created, comment: null, author: actor.user }, events);
      await this.events?.publish(tx, { kind: 'issue-opened', issue: created, actorId: actor.user.id, content: created.body, at: now });
      return created;
    });
    // The answer is the issue as this transaction wrote it (no read-back): a new issue has no comments and is no pull
    // request, so only the labels and assignees it was opened with are left to read, and only when there are some.
    const opened: Issue = { ...issue, milestoneId: milestone?.id ?? null, poster: actor.user };
    if (labelIds.length || assignees.length) return this.get(repoCtx, opened, actor.user);
    const [answer] = await this.shaper.listed([{ issue: opened, labels: [], assignees: [], comments: 0, pull: null }], repoCtx, actor.user);
    return answer;
  }

  /** One page of the repository's issues narrowed by issueListIssues' parameters, as the viewer sees them. */
  async list(repoCtx: RepoContext, params: IssueListParams, paging: PageRequest, viewer: Owner | undefined): Promise<PageOf<ApiIssue>> {
    const filter = await issueFilterFrom(this, repoCtx, params);
    const [issues, total] = await this.issues.listWithDetails(filter, paging.offset, paging.limit);
    return new PageOf(await this.shaper.listed(issues, repoCtx, viewer), total, paging);
  }

  get(repoCtx: RepoContext, issue: Issue, viewer: Owner | undefined): Promise<ApiIssue> {
    return this.shaper.issue(issue, repoCtx, viewer);
  }

  /**
   * The poster or a writer may change title, body and state; only writers the
   * milestone and assignees. `updated_at` is decided by the domain
   * (`editIssueDates`): 422 when out of range, 403 when the actor may not set it.
   */
  async edit({ repoCtx, issue }: ResolvedIssue, input: EditIssueOption, actor: Actor): Promise<ApiIssue> {
    const writer = atLeast(repoCtx.permission, 'write');
    if (!writer && issue.posterId !== actor.user.id) throw new ForbiddenException('only the poster and writers may edit this issue');
    const wantsAssignees = input.assignees !== undefined || input.assignee !== undefined;
    if (!writer && (input.milestone !== undefined || wantsAssignees))
      throw new ForbiddenException('only writers may change the milestone or the assignees');
    const newMilestone = input.milestone ? await this.milestoneOf(repoCtx, input.milestone) : null;
    const changesMilestone = input.milestone !== undefined && (newMilestone?.id ?? null) !== issue.milestoneId;
    const assignees = wantsAssignees ? await this.assigneesNamed(repoCtx, assigneeNames(input)) : null;
    const context = this.policy.context(repoCtx, actor, input.updated_at);
    const dates = this.policy.decide(() =>
      editIssueDates({ issue, newMilestone: changesMilestone && newMilestone ? newMilestone : undefined }, context),
    );
    const date = dates.issueUpdatedAt;
    await this.unitOfWork.run(async (tx) => {
      // The stored row, held until commit: the edit compares with what is there now, and an
      // issue deleted meanwhile is a 404 instead of coming back.
      const current = await tx.issues.findForChange(issue.id);
      if (!current) throw new ContainerGoneError('issue', issue.index);
      const changes: IssueChanges = { updatedAt: date };
      const event = { issueId: issue.id, actorId: actor.user.id, createdAt: date };
      const title = input.title?.trim();
      if (title !== undefined && title !== current.title) {
        await this.timeline.record(tx, { ...event, type: CommentType.ChangeTitle, oldTitle: current.title, newTitle: title });
        changes.title = title;
      }
      if (input.body !== undefined && input.body !== current.body) {
        changes.body = input.body;
        const events = crossReferenceEvents(input.body, mentioning(repoCtx, current), date);
        await this.references.record(tx, { repoCtx, issue: current, comment: null, author: actor.user }, events);
      }
      if (input.state !== undefined && (input.state === 'closed') !== current.isClosed) {
        changes.isClosed = input.state === 'closed';
        changes.closedAt = changes.isClosed ? date : null;
        // As Forgejo: an issue that depends on open issues stays open until they are closed.
        if (changes.isClosed && (await tx.issueDependencies.countOpenDependencies(issue.id)) > 0)
          throw new PreconditionFailedException(`issue #${issue.index} still has open dependencies; close them first`);
        await this.timeline.record(tx, { ...event, type: changes.isClosed ? CommentType.Close : CommentType.Reopen });
        await this.events?.publish(tx, {
          kind: changes.isClosed ? 'issue-closed' : 'issue-reopened',
          issue: current,
          actorId: actor.user.id,
          at: date,
        });
      }
      if (changesMilestone && (newMilestone?.id ?? null) !== current.milestoneId) {
        await this.timeline.record(tx, {
          ...event,
          type: CommentType.Milestone,
          oldMilestoneId: current.milestoneId,
          milestoneId: newMilestone?.id ?? null,
        });
        changes.milestoneId = newMilestone?.id ?? null;
        if (newMilestone && dates.milestoneUpdatedAt) await this.bringMilestoneForward(tx, newMilestone.id, date);
      }
      let assigneeChange: { added: number[]; removed: number[] } | undefined;
      if (assignees) {
        const { added, removed } = await tx.issues.setAssignees(
          issue.id,
          assignees.map((user) => user.id),
        );
        for (const assigneeId of added) await this.timeline.record(tx, { ...event, type: CommentType.Assignees, assigneeId });
        for (const assigneeId of removed)
          await this.timeline.record(tx, { ...event, type: CommentType.Assignees, assigneeId, isRemoval: true });
        assigneeChange = { added, removed };
      }
      await tx.issues.update(issue.id, changes);
      await this.webhooks?.edited(tx, { before: current, actor: actor.user, assignees: assigneeChange });
    });
    return this.get(repoCtx, (await this.issues.findById(issue.id)) as Issue, actor.user);
  }

  /**
   * Deletes the issue (Forgejo's issueDelete: repository administrators) with
   * its comments, pull request and attachments; the attachments' bytes leave the
   * owner's usage in the same transaction, and uploads still arriving for it are
   * refused (404) rather than left behind.
   */
  async delete({ repoCtx, issue }: ResolvedIssue): Promise<void> {
    if (!atLeast(repoCtx.permission, 'admin'))
      throw new ForbiddenException(`only administrators of ${repoCtx.owner.name}/${repoCtx.repo.name} may delete issues`);
    const attachments = await this.attachmentStore.deleteContainer('issue', issue.id);
    if (!attachments) throw new ContainerGoneError('issue', issue.index);
    await removeAttachmentFiles(this.blobs, attachments);
  }

  /** Milestones named by id or name (for the issue list's `milestones` parameter); names matching none are left out. */
  async milestoneIdsNamed(repoCtx: RepoContext, names: string[]): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      const byId = /^\d+$/.test(name) ? await this.milestones.findById(repoCtx.repo.id, Number(name)) : null;
      const milestone = byId ?? (await this.milestones.findByName(repoCtx.repo.id, name));
      if (milestone) ids.push(milestone.id);
    }
    return ids;
  }

  /** Ids of the repository's issues carrying every label named (none when a name matches no usable label). */
  async idsLabelledWithAll(repoCtx: RepoContext, labelNames: string[]): Promise<number[]> {
    const labels = await this.labels.findUsable(usableLabelsOf(repoCtx), [], labelNames);
    return labels.length < labelNames.length
      ? []
      : this.issues.idsLabelledWithAll(
          repoCtx.repo.id,
          labels.map((l) => l.id),
        );
  }

  /** The id of the owner with this name; -1 (matching nothing) when there is none. */
  async ownerIdNamed(name: string): Promise<number> {
    return (await this.owners.findByName(name))?.id ?? -1;
  }

  /**
   * Moves the milestone's update date forward to `date` (never back, see
   * `milestoneUpdateDate`), computed on its row as it is now and held to the
   * end of the transaction; 422 when the milestone was deleted meanwhile
   * (it is not brought back, and the issue is not put into it).
   */
  private async bringMilestoneForward(tx: TransactionStores, id: number, date: Date): Promise<void> {
    const current = await tx.milestones.findForChange(id);
    if (!current || !(await tx.milestones.update(id, { updatedAt: milestoneUpdateDate(current, date) }))) {
      throw new UnprocessableEntityException(`milestone: ${id} does not exist any more`);
    }
  }

  /** A milestone of this repository (422 when there is none with this id). */
  private async milestoneOf(repoCtx: RepoContext, id: number): Promise<Milestone> {
    const milestone = await this.milestones.findById(repoCtx.repo.id, id);
    if (!milestone)
      throw new UnprocessableEntityException(`milestone: ${id} is not a milestone of ${repoCtx.owner.name}/${repoCtx.repo.name}`);
    return milestone;
  }

  /** Users who may read the repository, by name (422 naming the first who is unknown or may not). */
  private async assigneesNamed(repoCtx: RepoContext, names: string[]): Promise<Owner[]> {
    const users: Owner[] = [];
    for (const name of [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))]) {
      const user = await this.owners.findByName(name);
      const mayRead = user && user.kind === 'user' && (await this.access.permissionOf(repoCtx.owner, repoCtx.repo, user)) !== 'none';
      if (!user || !mayRead)
        throw new UnprocessableEntityException(`assignees: ${name} is not a user who may read ${repoCtx.owner.name}/${repoCtx.repo.name}`);
      users.push(user);
    }
    return users;
  }

  /**
   * Label ids of this repository or its organization (422 naming the first that is
   * not); two exclusive labels of one scope are refused as they are when added later.
   */
  private async labelsOf(repoCtx: RepoContext, ids: number[]): Promise<number[]> {
    const wanted = [...new Set(ids)];
    const found = await this.labels.findByIds(wanted);
    for (const id of wanted) {
      const label = found.find((l) => l.id === id);
      if (!label || !(label.repoId === repoCtx.repo.id || (label.orgId !== null && label.orgId === repoCtx.owner.id))) {
        throw new UnprocessableEntityException(`labels: ${id} is not a label of ${repoCtx.owner.name}/${repoCtx.repo.name}`);
      }
    }
    try {
      assertNoExclusiveConflict(found);
    } catch (error) {
      if (error instanceof ExclusiveLabelConflictError) throw new UnprocessableEntityException(error.message);
      throw error;
    }
    return wanted;
  }
}

function assigneeNames(input: { assignees?: string[]; assignee?: string }): string[] {
  return [...(input.assignee ? [input.assignee] : []), ...(input.assignees ?? [])];
}

/** The labels an issue of the repository may carry: its own and its organization's. */
export function usableLabelsOf({ owner, repo }: Pick<RepoContext, 'owner' | 'repo'>): UsableLabels {
  return { repoId: repo.id, orgId: owner.kind === 'organization' ? owner.id : null };
}

/** The issue as the domain's reference resolution sees it. */
export function mentioning(repoCtx: RepoContext, issue: Issue): MentioningIssue {
  return { repository: { owner: repoCtx.owner.name, name: repoCtx.repo.name }, index: issue.index };
}
