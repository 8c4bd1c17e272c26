import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Issue, IssueComment, Owner } from '@bellows/domain';
import { ApiUser, ShapeContext, toApiUser } from '../../accounts/dto/user.dto';
import { ApiLabel } from '../../labels/dto/label.dto';
import { commentTypeName } from '../timeline-types';
import { ApiIssue, authorOf, IssuePlace, issueHtmlUrl, UPDATED_AT_DESCRIPTION } from './issue.dto';
import { ApiMilestone } from './milestone.dto';
import { ApiTrackedTime } from '../../time-tracking/dto/tracked-time.dto';

/**
 * Comments and timeline entries as Forgejo's API takes and shows them
 * (`CreateIssueCommentOption`, `EditIssueCommentOption`, `Comment`, `TimelineComment`).
 */

/** Forgejo's `CreateIssueCommentOption`. */
export class CreateIssueCommentOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(65536) body!: string;
  @ApiPropertyOptional({ format: 'date-time', description: UPDATED_AT_DESCRIPTION }) @IsOptional() updated_at?: unknown;
}

/** Forgejo's `EditIssueCommentOption`. */
export class EditIssueCommentOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(65536) body!: string;
  @ApiPropertyOptional({ format: 'date-time', description: UPDATED_AT_DESCRIPTION }) @IsOptional() updated_at?: unknown;
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
  @ApiProperty({
    description:
      "Forgejo's comment type name: comment, reopen, close, issue_ref, comment_ref, pull_ref, label, milestone, assignees, change_title, …",
  })
  type!: string;
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
  @ApiPropertyOptional({ type: ApiTrackedTime, description: 'time entries: the tracked time' }) tracked_time?: ApiTrackedTime;
  @ApiPropertyOptional({ type: ApiIssue, description: 'dependency entries: the other issue' }) dependent_issue?: ApiIssue;
}

export function toApiComment(
  comment: IssueComment,
  issue: Issue,
  place: IssuePlace,
  viewer: Owner | undefined,
  ctx: ShapeContext,
): ApiComment {
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
  assignee?: Owner;
  refIssue?: ApiIssue;
  refComment?: ApiComment;
  trackedTime?: ApiTrackedTime;
  dependentIssue?: ApiIssue;
}

export function toApiTimelineComment(
  entry: IssueComment,
  extras: TimelineExtras,
  issue: Issue,
  place: IssuePlace,
  viewer: Owner | undefined,
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
    ...(extras.trackedTime ? { tracked_time: extras.trackedTime } : {}),
    ...(extras.dependentIssue ? { dependent_issue: extras.dependentIssue } : {}),
  };
}
