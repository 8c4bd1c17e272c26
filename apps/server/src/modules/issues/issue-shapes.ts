import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CommentEntity, IssueEntity, LabelEntity, MilestoneCounts, MilestoneEntity, OwnerEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SYSTEM_USERS } from '../accounts/system-users';
import { commentTypeName } from './timeline-types';
import { ApiLabel, LabelUrlContext, toApiLabel } from '../labels/label-shapes';

/**
 * The JSON shapes of issues, comments, milestones and timeline entries with
 * Forgejo's field names (`Issue`, `Comment`, `Milestone`, `TimelineComment`),
 * and the converters from entities. Unset dates are left out.
 */

export class ApiMilestone {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: ['open', 'closed'] }) state!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) open_issues!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) closed_issues!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional({ format: 'date-time' }) closed_at?: string;
  @ApiPropertyOptional({ format: 'date-time' }) due_on?: string;
}

export class ApiRepositoryMeta {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() owner!: string;
  @ApiProperty() full_name!: string;
}

export class ApiPullRequestMeta {
  @ApiProperty() merged!: boolean;
  @ApiPropertyOptional({ format: 'date-time' }) merged_at?: string;
  @ApiProperty() draft!: boolean;
  @ApiProperty() html_url!: string;
}

export class ApiIssue {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() url!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) number!: number;
  @ApiProperty({ type: ApiUser }) user!: ApiUser;
  @ApiProperty() original_author!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) original_author_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty() ref!: string;
  @ApiProperty({ type: [Object] }) assets!: never[];
  @ApiProperty({ type: [ApiLabel] }) labels!: ApiLabel[];
  @ApiProperty({ type: ApiMilestone, nullable: true }) milestone!: ApiMilestone | null;
  @ApiProperty({ type: ApiUser, nullable: true }) assignee!: ApiUser | null;
  @ApiProperty({ type: [ApiUser] }) assignees!: ApiUser[];
  @ApiProperty({ enum: ['open', 'closed'] }) state!: string;
  @ApiProperty() is_locked!: boolean;
  @ApiProperty({ type: 'integer', format: 'int64' }) comments!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional({ format: 'date-time' }) closed_at?: string;
  @ApiProperty({ type: ApiPullRequestMeta, nullable: true, description: 'null for issues' }) pull_request!: ApiPullRequestMeta | null;
  @ApiProperty({ type: ApiRepositoryMeta }) repository!: ApiRepositoryMeta;
  @ApiProperty({ type: 'integer', format: 'int64' }) pin_order!: number;
}

export class ApiComment {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() html_url!: string;
  @ApiProperty() pull_request_url!: string;
  @ApiProperty() issue_url!: string;
  @ApiProperty({ type: ApiUser }) user!: ApiUser;
  @ApiProperty() original_author!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) original_author_id!: number;
  @ApiProperty() body!: string;
  @ApiProperty({ type: [Object] }) assets!: never[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ApiTimelineComment {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ description: "Forgejo's comment type name: comment, reopen, close, issue_ref, comment_ref, pull_ref, label, milestone, assignees, change_title, …" }) type!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty() pull_request_url!: string;
  @ApiProperty() issue_url!: string;
  @ApiProperty({ type: ApiUser }) user!: ApiUser;
  @ApiProperty() body!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional() old_title?: string;
  @ApiPropertyOptional() new_title?: string;
  @ApiPropertyOptional({ type: ApiLabel }) label?: ApiLabel;
  @ApiPropertyOptional({ type: ApiMilestone }) milestone?: ApiMilestone;
  @ApiPropertyOptional({ type: ApiMilestone }) old_milestone?: ApiMilestone;
  @ApiPropertyOptional({ type: ApiUser }) assignee?: ApiUser;
  @ApiPropertyOptional() removed_assignee?: boolean;
  @ApiPropertyOptional({ type: ApiIssue }) ref_issue?: ApiIssue;
  @ApiPropertyOptional({ type: ApiComment }) ref_comment?: ApiComment;
  @ApiPropertyOptional() ref_action?: string;
}

/** Where an issue lives, for URLs and `repository`. */
export interface IssuePlace {
  owner: OwnerEntity;
  repo: RepositoryEntity;
}

/** Everything an issue's JSON shows besides its own row, loaded in bulk by IssueShaper. */
export interface IssueExtras {
  labels: LabelEntity[];
  milestone: ApiMilestone | null;
  assignees: OwnerEntity[];
  comments: number;
  pull: { merged: boolean; mergedAt: Date | null } | null;
}

export function issueHtmlUrl({ owner, repo }: IssuePlace, issue: IssueEntity, ctx: ShapeContext): string {
  return `${ctx.rootUrl}${owner.name}/${repo.name}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}`;
}

/** The author, or the ghost user once the account is gone. */
export function authorOf(poster: OwnerEntity | null | undefined): OwnerEntity {
  return poster ?? SYSTEM_USERS[0];
}

export function toApiMilestone(milestone: MilestoneEntity, counts: MilestoneCounts): ApiMilestone {
  return {
    id: milestone.id,
    title: milestone.name,
    description: milestone.description,
    state: milestone.isClosed ? 'closed' : 'open',
    open_issues: counts.open,
    closed_issues: counts.closed,
    created_at: milestone.createdAt.toISOString(),
    updated_at: milestone.updatedAt.toISOString(),
    ...(milestone.closedAt ? { closed_at: milestone.closedAt.toISOString() } : {}),
    ...(milestone.dueOn ? { due_on: milestone.dueOn.toISOString() } : {}),
  };
}

export function toApiIssue(issue: IssueEntity, extras: IssueExtras, place: IssuePlace, viewer: OwnerEntity | undefined, ctx: ShapeContext): ApiIssue {
  const htmlUrl = issueHtmlUrl(place, issue, ctx);
  const assignees = extras.assignees.map((user) => toApiUser(user, viewer, ctx));
  return {
    id: issue.id,
    url: `${ctx.rootUrl}api/v1/repos/${place.owner.name}/${place.repo.name}/issues/${issue.index}`,
    html_url: htmlUrl,
    number: issue.index,
    user: toApiUser(authorOf(issue.poster), viewer, ctx),
    original_author: '',
    original_author_id: 0,
    title: issue.title,
    body: issue.body,
    ref: '',
    assets: [],
    labels: extras.labels.map((label) => toApiLabel(label, labelPlace(place, ctx))),
    milestone: extras.milestone,
    assignee: assignees[0] ?? null,
    assignees,
    state: issue.isClosed ? 'closed' : 'open',
    is_locked: false,
    comments: extras.comments,
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
    ...(issue.closedAt ? { closed_at: issue.closedAt.toISOString() } : {}),
    pull_request: extras.pull
      ? { merged: extras.pull.merged, draft: false, html_url: htmlUrl, ...(extras.pull.mergedAt ? { merged_at: extras.pull.mergedAt.toISOString() } : {}) }
      : null,
    repository: { id: place.repo.id, name: place.repo.name, owner: place.owner.name, full_name: `${place.owner.name}/${place.repo.name}` },
    pin_order: 0,
  };
}

export function toApiComment(comment: CommentEntity, issue: IssueEntity, place: IssuePlace, viewer: OwnerEntity | undefined, ctx: ShapeContext): ApiComment {
  const issueUrl = issueHtmlUrl(place, issue, ctx);
  return {
    id: comment.id,
    html_url: `${issueUrl}#issuecomment-${comment.id}`,
    pull_request_url: issue.isPull ? issueUrl : '',
    issue_url: issue.isPull ? '' : issueUrl,
    user: toApiUser(authorOf(comment.poster), viewer, ctx),
    original_author: '',
    original_author_id: 0,
    body: comment.content,
    assets: [],
    created_at: comment.createdAt.toISOString(),
    updated_at: comment.updatedAt.toISOString(),
  };
}

/** What a timeline entry refers to besides its own row, resolved by IssueShaper. */
export interface TimelineExtras {
  label?: ApiLabel;
  milestone?: ApiMilestone;
  oldMilestone?: ApiMilestone;
  assignee?: OwnerEntity;
  refIssue?: ApiIssue;
  refComment?: ApiComment;
}

export function toApiTimelineComment(
  entry: CommentEntity,
  extras: TimelineExtras,
  issue: IssueEntity,
  place: IssuePlace,
  viewer: OwnerEntity | undefined,
  ctx: ShapeContext,
): ApiTimelineComment {
  const { assets: _assets, original_author: _a, original_author_id: _b, ...base } = toApiComment(entry, issue, place, viewer, ctx);
  return {
    ...base,
    type: commentTypeName(entry.type),
    ...(entry.oldTitle !== null ? { old_title: entry.oldTitle } : {}),
    ...(entry.newTitle !== null ? { new_title: entry.newTitle } : {}),
    ...(extras.label ? { label: extras.label } : {}),
    ...(extras.milestone ? { milestone: extras.milestone } : {}),
    ...(extras.oldMilestone ? { old_milestone: extras.oldMilestone } : {}),
    ...(extras.assignee ? { assignee: toApiUser(extras.assignee, viewer, ctx), removed_assignee: entry.isRemoval } : {}),
    ...(extras.refIssue ? { ref_issue: extras.refIssue, ref_action: 'references' } : {}),
    ...(extras.refComment ? { ref_comment: extras.refComment } : {}),
  };
}

/** Labels of an issue are shown from its repository. */
export function labelPlace(place: IssuePlace, ctx: ShapeContext): LabelUrlContext {
  return { rootUrl: ctx.rootUrl, ownerName: place.owner.name, repoName: place.repo.name };
}
