import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Owner, PullRequestWithIssue, Repository } from '@bellows/domain';
import { ApiUser, ShapeContext, toApiUser } from '../../accounts/dto/user.dto';
import { ApiRepository, toApiRepository } from '../../repositories/dto/repository.dto';
import { RepoPermission } from '../../repositories/repository-access.service';

/**
 * The JSON shapes of pull requests with Forgejo's field names
 * (`CreatePullRequestOption`, `EditPullRequestOption`, `PullRequest`, `PRBranchInfo`).
 */

/** Forgejo's `CreatePullRequestOption`. Assignees, labels, milestone and due date are accepted and ignored. */
export class CreatePullRequestOption {
  @ApiProperty({ description: 'the branch with the changes: `branch` or `owner:branch` of this repository' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  head!: string;
  @ApiProperty({ description: 'the branch to merge into' }) @IsString() @IsNotEmpty() @MaxLength(255) base!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) title!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
}

export const PULL_STATES = ['open', 'closed'] as const;

/** Forgejo's `EditPullRequestOption`: absent fields stay as they are. */
export class EditPullRequestOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ enum: PULL_STATES }) @IsOptional() @IsIn(PULL_STATES) state?: (typeof PULL_STATES)[number];
  @ApiPropertyOptional({ description: 'retarget the pull request to another branch' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  base?: string;
}

export class ApiPRBranchInfo {
  @ApiProperty() label!: string;
  @ApiProperty() ref!: string;
  @ApiProperty({ description: 'the commit the branch points at; empty when the branch is gone' }) sha!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) repo_id!: number;
  @ApiProperty({ type: ApiRepository }) repo!: ApiRepository;
}

export class ApiPullRequest {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() url!: string;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'shared with the issues of the repository' }) number!: number;
  @ApiProperty({ type: ApiUser, nullable: true }) user!: ApiUser | null;
  @ApiProperty() title!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: [Object] }) labels!: never[];
  @ApiProperty({ nullable: true, type: Object }) milestone!: null;
  @ApiProperty({ nullable: true, type: Object }) assignee!: null;
  @ApiProperty({ type: [Object] }) assignees!: never[];
  @ApiProperty({ type: [Object] }) requested_reviewers!: never[];
  @ApiProperty({ type: [Object] }) requested_reviewers_teams!: never[];
  @ApiProperty({ enum: ['open', 'closed'] }) state!: string;
  @ApiProperty() draft!: boolean;
  @ApiProperty() is_locked!: boolean;
  @ApiProperty({ type: 'integer' }) comments!: number;
  @ApiProperty({ type: 'integer' }) review_comments!: number;
  @ApiProperty({ type: 'integer' }) additions!: number;
  @ApiProperty({ type: 'integer' }) deletions!: number;
  @ApiProperty({ type: 'integer' }) changed_files!: number;
  @ApiProperty() html_url!: string;
  @ApiProperty() diff_url!: string;
  @ApiProperty() patch_url!: string;
  @ApiProperty({ description: 'true when the pull request is open and git merges it without conflicts' }) mergeable!: boolean;
  @ApiProperty() merged!: boolean;
  @ApiPropertyOptional({ format: 'date-time' }) merged_at?: string;
  @ApiPropertyOptional() merge_commit_sha?: string;
  @ApiProperty({ type: ApiUser, nullable: true, description: 'who merged it; null until merged' }) merged_by!: ApiUser | null;
  @ApiProperty() allow_maintainer_edit!: boolean;
  @ApiProperty({ type: ApiPRBranchInfo }) base!: ApiPRBranchInfo;
  @ApiProperty({ type: ApiPRBranchInfo }) head!: ApiPRBranchInfo;
  @ApiProperty() merge_base!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional({ format: 'date-time' }) closed_at?: string;
  @ApiProperty({ type: 'integer' }) pin_order!: number;
  @ApiProperty({ type: 'integer' }) flow!: number;
}

/** What is known about the pull request's branches in git right now. */
export interface PullGitState {
  headSha: string;
  baseSha: string;
  mergeable: boolean;
  additions: number;
  deletions: number;
  changedFiles: number;
}

export interface PullShapeInput {
  pull: PullRequestWithIssue;
  owner: Owner;
  repo: Repository;
  permission: RepoPermission;
  viewer: Owner | undefined;
  git: PullGitState;
  /** Who merged it, when merged. */
  merger: Owner | null;
}

export function toApiPullRequest(
  { pull, owner, repo, permission, viewer, git, merger }: PullShapeInput,
  ctx: ShapeContext,
): ApiPullRequest {
  const { issue } = pull;
  const htmlUrl = `${ctx.rootUrl}${owner.name}/${repo.name}/pulls/${issue.index}`;
  const apiRepo = toApiRepository(repo, owner, permission, viewer, ctx);
  const branch = (ref: string, sha: string): ApiPRBranchInfo => ({ label: ref, ref, sha, repo_id: repo.id, repo: apiRepo });
  return {
    id: pull.id,
    url: htmlUrl,
    number: issue.index,
    user: issue.poster ? toApiUser(issue.poster, viewer, ctx) : null,
    title: issue.title,
    body: issue.body,
    labels: [],
    milestone: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_reviewers_teams: [],
    state: issue.isClosed ? 'closed' : 'open',
    draft: false,
    is_locked: false,
    comments: 0,
    review_comments: 0,
    additions: git.additions,
    deletions: git.deletions,
    changed_files: git.changedFiles,
    html_url: htmlUrl,
    diff_url: `${htmlUrl}.diff`,
    patch_url: `${htmlUrl}.patch`,
    mergeable: git.mergeable,
    merged: pull.hasMerged,
    merged_by: merger ? toApiUser(merger, viewer, ctx) : null,
    allow_maintainer_edit: false,
    base: branch(pull.baseBranch, git.baseSha),
    head: branch(pull.headBranch, git.headSha),
    merge_base: pull.mergeBase,
    created_at: issue.createdAt.toISOString(),
    updated_at: issue.updatedAt.toISOString(),
    pin_order: issue.pinOrder ?? 0,
    flow: 0,
    // Unset times and ids are left out (Forgejo sends null; its schema calls them strings).
    ...(pull.mergedAt ? { merged_at: pull.mergedAt.toISOString() } : {}),
    ...(pull.mergedCommitId ? { merge_commit_sha: pull.mergedCommitId } : {}),
    ...(issue.closedAt ? { closed_at: issue.closedAt.toISOString() } : {}),
  };
}
