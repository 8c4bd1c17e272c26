import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { Issue, Label, Owner } from '@bellows/domain';
import { ApiUser, ShapeContext, UserShaper } from '../../accounts/dto/user.dto';
import { SYSTEM_USERS } from '../../accounts/system-users';
import { RepoContext } from '../../repositories/repository-access.service';
import { ApiLabel, LabelUrlContext, toApiLabel } from '../../labels/dto/label.dto';
import { ApiMilestone } from './milestone.dto';

/**
 * Issues as Forgejo's API takes and shows them (`CreateIssueOption`,
 * `EditIssueOption`, `Issue`), and the helpers comments and timelines share
 * (where an issue lives, its URL, its author). Unset dates are left out.
 */

/** `updated_at` is read by the domain's parser (RFC 3339, 422 naming the field), so it is only declared here. */
export const UPDATED_AT_DESCRIPTION = 'back-dates the operation (RFC 3339); repository owners and administrators only';

/** Forgejo's `CreateIssueOption`. Without write access, assignees, milestone and labels are ignored, as in Forgejo. */
export class CreateIssueOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) title!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ type: [String], description: 'user names' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  assignees?: string[];
  @ApiPropertyOptional({ description: 'deprecated: one user name' }) @IsOptional() @IsString() assignee?: string;
  @ApiPropertyOptional({ type: 'integer', format: 'int64', description: 'milestone id' }) @IsOptional() @IsInt() @Min(0) milestone?: number;
  @ApiPropertyOptional({ type: [Number], description: 'label ids' }) @IsOptional() @IsArray() @IsInt({ each: true }) labels?: number[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() closed?: boolean;
}

export const ISSUE_STATES = ['open', 'closed'] as const;

/** Forgejo's `EditIssueOption`: absent fields stay as they are; milestone 0 removes the milestone. */
export class EditIssueOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ enum: ISSUE_STATES }) @IsOptional() @IsIn(ISSUE_STATES) state?: (typeof ISSUE_STATES)[number];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) assignees?: string[];
  @ApiPropertyOptional({ description: 'deprecated: one user name' }) @IsOptional() @IsString() assignee?: string;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) @IsOptional() @IsInt() @Min(0) milestone?: number;
  @ApiPropertyOptional({ format: 'date-time', description: UPDATED_AT_DESCRIPTION }) @IsOptional() updated_at?: unknown;
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
  @ApiPropertyOptional({ format: 'date-time', description: 'absent when the issue has no deadline' }) due_date?: string;
  @ApiProperty({ type: ApiPullRequestMeta, nullable: true, description: 'null for issues' }) pull_request!: ApiPullRequestMeta | null;
  @ApiProperty({ type: ApiRepositoryMeta }) repository!: ApiRepositoryMeta;
  @ApiProperty({ type: 'integer', format: 'int64' }) pin_order!: number;
}

/** Where an issue lives, for URLs and `repository`. */
export type IssuePlace = Pick<RepoContext, 'owner' | 'repo'>;

/** Everything an issue's JSON shows besides its own row, loaded in bulk by IssueShaper. */
export interface IssueExtras {
  labels: Label[];
  milestone: ApiMilestone | null;
  assignees: Owner[];
  comments: number;
  pull: { merged: boolean; mergedAt: Date | null } | null;
}

export function issueHtmlUrl({ owner, repo }: IssuePlace, issue: Issue, ctx: ShapeContext): string {
  return `${ctx.rootUrl}${owner.name}/${repo.name}/${issue.isPull ? 'pulls' : 'issues'}/${issue.index}`;
}

/** The author, or the ghost user once the account is gone. */
export function authorOf(poster: Owner | null | undefined): Owner {
  return poster ?? SYSTEM_USERS[0];
}

/** `users` shapes the poster and assignees as the viewer may see them (see `usersSeenBy`). */
export function toApiIssue(issue: Issue, extras: IssueExtras, place: IssuePlace, users: UserShaper, ctx: ShapeContext): ApiIssue {
  const htmlUrl = issueHtmlUrl(place, issue, ctx);
  const assignees = extras.assignees.map(users);
  return {
    id: issue.id,
    url: `${ctx.rootUrl}api/v1/repos/${place.owner.name}/${place.repo.name}/issues/${issue.index}`,
    html_url: htmlUrl,
    number: issue.index,
    user: users(authorOf(issue.poster)),
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
    ...(issue.deadline ? { due_date: issue.deadline.toISOString() } : {}),
    pull_request: extras.pull
      ? {
          merged: extras.pull.merged,
          draft: false,
          html_url: htmlUrl,
          ...(extras.pull.mergedAt ? { merged_at: extras.pull.mergedAt.toISOString() } : {}),
        }
      : null,
    repository: { id: place.repo.id, name: place.repo.name, owner: place.owner.name, full_name: `${place.owner.name}/${place.repo.name}` },
    pin_order: issue.pinOrder ?? 0,
  };
}

/** Labels of an issue are shown from its repository. */
export function labelPlace(place: IssuePlace, ctx: ShapeContext): LabelUrlContext {
  return { rootUrl: ctx.rootUrl, ownerName: place.owner.name, repoName: place.repo.name };
}
