import { Inject, Injectable } from '@nestjs/common';
import {
  CommentStore,
  Issue,
  IssueComment,
  IssueLabelStore,
  IssueStore,
  LabelStore,
  ListedIssue,
  Milestone,
  MilestoneStore,
  Owner,
  OwnerStore,
  RepositoryStore,
  TrackedTimeStore,
} from '@bellows/domain';
import { ShapeContext, usersSeenBy } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { toApiLabel } from '../labels/dto/label.dto';
import { ApiComment, ApiTimelineComment, TimelineExtras, toApiComment, toApiTimelineComment } from './dto/comment.dto';
import { ApiIssue, IssuePlace, labelPlace, toApiIssue } from './dto/issue.dto';
import { ApiMilestone, toApiMilestone } from './dto/milestone.dto';
import { ApiTrackedTime, toApiTrackedTime } from '../time-tracking/dto/tracked-time.dto';
import { CommentType } from './timeline-types';

/**
 * Turns issues, comments, milestones and timeline entries into their JSON
 * shapes, loading what they show (labels, milestone counts, assignees, comment
 * counts, referenced issues) in bulk per page rather than per row.
 */
@Injectable()
export class IssueShaper {
  constructor(
    private readonly issueStore: IssueStore,
    private readonly comments: CommentStore,
    private readonly milestoneStore: MilestoneStore,
    private readonly labels: LabelStore,
    private readonly issueLabels: IssueLabelStore,
    private readonly owners: OwnerStore,
    private readonly repositories: RepositoryStore,
    private readonly access: RepositoryAccess,
    private readonly trackedTimes: TrackedTimeStore,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  async issue(issue: Issue, place: IssuePlace, viewer: Owner | undefined): Promise<ApiIssue> {
    return (await this.issues([issue], place, viewer))[0];
  }

  async issues(issues: Issue[], place: IssuePlace, viewer: Owner | undefined): Promise<ApiIssue[]> {
    const ids = issues.map((issue) => issue.id);
    const [labels, assignees, comments, pulls] = await Promise.all([
      this.issueLabels.labelsOfIssues(ids),
      this.issueStore.assigneesOf(ids),
      this.comments.countOfType(ids, CommentType.Comment),
      // Only pull requests have a pull request row; a list of issues alone needs no query for them.
      this.issueStore.pullsOf(issues.filter((issue) => issue.isPull).map((issue) => issue.id)),
    ]);
    const listed = issues.map((issue) => ({
      issue,
      labels: labels.get(issue.id) ?? [],
      assignees: assignees.get(issue.id) ?? [],
      comments: comments.get(issue.id) ?? 0,
      pull: issue.isPull ? (pulls.get(issue.id) ?? { hasMerged: false, mergedAt: null }) : null,
    }));
    return this.listed(listed, place, viewer);
  }

  /** Issues read with what a list shows of them (IssueStore.listWithDetails); only their milestones are left to load. */
  async listed(issues: ListedIssue[], place: IssuePlace, viewer: Owner | undefined): Promise<ApiIssue[]> {
    const milestoneIds = [...new Set(issues.map(({ issue }) => issue.milestoneId).filter((id): id is number => id !== null))];
    const milestones = await this.milestonesById(milestoneIds);
    const users = usersSeenBy(viewer, this.ctx);
    return issues.map(({ issue, labels, assignees, comments, pull }) =>
      toApiIssue(
        issue,
        {
          labels,
          milestone: issue.milestoneId !== null ? (milestones.get(issue.milestoneId) ?? null) : null,
          assignees,
          comments,
          pull: pull ? { merged: pull.hasMerged, mergedAt: pull.mergedAt } : null,
        },
        place,
        users,
        this.ctx,
      ),
    );
  }

  async milestone(milestone: Milestone): Promise<ApiMilestone> {
    return (await this.milestones([milestone]))[0];
  }

  async milestones(milestones: Milestone[]): Promise<ApiMilestone[]> {
    const counts = await this.milestoneStore.countsOf(milestones.map((m) => m.id));
    return milestones.map((m) => toApiMilestone(m, counts.get(m.id) ?? { open: 0, closed: 0 }));
  }

  comment(comment: IssueComment, issue: Issue, place: IssuePlace, viewer: Owner | undefined): ApiComment {
    return toApiComment(comment, issue, place, viewer, this.ctx);
  }

  /**
   * An issue's timeline entries. A reference from an issue the viewer may not
   * read is left out, so a private issue's existence does not leak through it.
   */
  async timeline(entries: IssueComment[], issue: Issue, place: IssuePlace, viewer: Owner | undefined): Promise<ApiTimelineComment[]> {
    const milestoneIds = entries.flatMap((e) => [e.milestoneId, e.oldMilestoneId]).filter((id): id is number => id !== null);
    const labelIds = entries.map((e) => e.labelId).filter((id): id is number => id !== null);
    const assigneeIds = entries.map((e) => e.assigneeId).filter((id): id is number => id !== null);
    const [milestones, labels, assignees, references, times, dependents] = await Promise.all([
      this.milestonesById([...new Set(milestoneIds)]),
      this.labels.findByIds([...new Set(labelIds)]),
      Promise.all([...new Set(assigneeIds)].map((id) => this.owners.findById(id))),
      this.references(entries, viewer),
      this.timesOf(entries),
      this.dependentIssues(entries, viewer),
    ]);
    const shaped: ApiTimelineComment[] = [];
    for (const entry of entries) {
      const reference = references.get(entry.id);
      if (entry.refIssueId !== null && !reference) continue;
      // A dependency on an issue the viewer may not read is left out, like a reference from one.
      const dependentIssue = entry.dependentIssueId ? dependents.get(entry.dependentIssueId) : undefined;
      if (entry.dependentIssueId && !dependentIssue) continue;
      const label = labels.find((l) => l.id === entry.labelId);
      const extras: TimelineExtras = {
        label: label ? toApiLabel(label, labelPlace(place, this.ctx)) : undefined,
        milestone: entry.milestoneId !== null ? milestones.get(entry.milestoneId) : undefined,
        oldMilestone: entry.oldMilestoneId !== null ? milestones.get(entry.oldMilestoneId) : undefined,
        assignee: assignees.find((user) => user !== null && user.id === entry.assigneeId) ?? undefined,
        ...reference,
        trackedTime: entry.timeId ? times.get(entry.timeId) : undefined,
        dependentIssue,
      };
      shaped.push(toApiTimelineComment(entry, extras, issue, place, viewer, this.ctx));
    }
    return shaped;
  }

  /** The tracked times the entries are about, by id (deleted ones too: the entry tells of them). */
  private async timesOf(entries: IssueComment[]): Promise<Map<number, ApiTrackedTime>> {
    const result = new Map<number, ApiTrackedTime>();
    for (const id of new Set(entries.map((e) => e.timeId).filter((id): id is number => !!id))) {
      const time = await this.trackedTimes.findById(id);
      const user = time ? await this.owners.findById(time.userId) : null;
      if (time) result.set(id, toApiTrackedTime(time, user?.name ?? 'Ghost', undefined));
    }
    return result;
  }

  /** The other issues of dependency entries that the viewer may read, by id. */
  private async dependentIssues(entries: IssueComment[], viewer: Owner | undefined): Promise<Map<number, ApiIssue>> {
    const result = new Map<number, ApiIssue>();
    for (const id of new Set(entries.map((e) => e.dependentIssueId).filter((id): id is number => !!id))) {
      const issue = await this.issueStore.findById(id);
      const place = issue ? await this.readablePlace(issue.repoId, viewer) : null;
      if (issue && place) result.set(id, await this.issue(issue, place, viewer));
    }
    return result;
  }

  private async milestonesById(ids: number[]): Promise<Map<number, ApiMilestone>> {
    const shaped = await this.milestones(await this.milestoneStore.findByIds(ids));
    return new Map(shaped.map((m) => [m.id, m]));
  }

  /** The referencing issue (and comment) of each reference entry the viewer may read. */
  private async references(
    entries: IssueComment[],
    viewer: Owner | undefined,
  ): Promise<Map<number, Pick<TimelineExtras, 'refIssue' | 'refComment'>>> {
    const result = new Map<number, Pick<TimelineExtras, 'refIssue' | 'refComment'>>();
    for (const entry of entries) {
      if (entry.refIssueId === null) continue;
      const source = await this.issueStore.findById(entry.refIssueId);
      const place = source ? await this.readablePlace(source.repoId, viewer) : null;
      if (!source || !place) continue;
      const comment = entry.refCommentId !== null ? await this.comments.findById(entry.refCommentId) : null;
      result.set(entry.id, {
        refIssue: await this.issue(source, place, viewer),
        ...(comment ? { refComment: this.comment(comment, source, place, viewer) } : {}),
      });
    }
    return result;
  }

  private async readablePlace(repoId: number, viewer: Owner | undefined): Promise<IssuePlace | null> {
    const repo = await this.repositories.findById(repoId);
    const owner = repo ? await this.owners.findById(repo.ownerId) : null;
    if (!repo || !owner) return null;
    return (await this.access.permissionOf(owner, repo, viewer)) === 'none' ? null : { owner, repo };
  }
}
