import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Owner, Repository } from '@bellows/domain';
import { ApiUser, ShapeContext, toApiUser } from '../../accounts/dto/user.dto';
import { atLeast, RepoPermission } from '../repo-permission';

/**
 * The JSON shapes of repositories with Forgejo's field names (definitions
 * `Repository`, `Permission`, `CreateRepoOption`, `EditRepoOption`), and the
 * one place that converts records into them.
 */

/** Forgejo's `CreateRepoOption`. With `auto_init`, `gitignores`, `license` and `readme` name templates for the first commit; `issue_labels` a label set. */
export class CreateRepoOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2048) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() private?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() auto_init?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) default_branch?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() template?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() gitignores?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() license?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() readme?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() issue_labels?: string;
  @ApiPropertyOptional({ enum: ['sha1'] }) @IsOptional() @IsIn(['sha1']) object_format_name?: string;
  @ApiPropertyOptional({ enum: ['default', 'collaborator', 'committer', 'collaboratorcommitter'] })
  @IsOptional()
  @IsIn(['default', 'collaborator', 'committer', 'collaboratorcommitter'])
  trust_model?: string;
}

/** Forgejo's `EditRepoOption`, the fields Bellows acts on; other known fields are accepted and ignored. */
export class EditRepoOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2048) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1024) website?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() private?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() archived?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) default_branch?: string;
}

export class ApiPermission {
  @ApiProperty() admin!: boolean;
  @ApiProperty() push!: boolean;
  @ApiProperty() pull!: boolean;
}

export class ApiRepository {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ type: () => ApiUser }) owner!: ApiUser;
  @ApiProperty() name!: string;
  @ApiProperty() full_name!: string;
  @ApiProperty() description!: string;
  @ApiProperty() empty!: boolean;
  @ApiProperty() private!: boolean;
  @ApiProperty() fork!: boolean;
  @ApiProperty() template!: boolean;
  @ApiProperty() mirror!: boolean;
  @ApiProperty() internal!: boolean;
  @ApiProperty() archived!: boolean;
  /** Git data plus LFS objects, in KiB (rounded down), as Forgejo reports it. */
  @ApiProperty({ type: 'integer', description: 'size of the git data plus the LFS objects, in KiB' }) size!: number;
  @ApiProperty() language!: string;
  @ApiProperty() languages_url!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty() url!: string;
  @ApiProperty() link!: string;
  @ApiProperty() ssh_url!: string;
  @ApiProperty() clone_url!: string;
  @ApiProperty() original_url!: string;
  @ApiProperty() website!: string;
  @ApiProperty({ type: 'integer' }) stars_count!: number;
  @ApiProperty({ type: 'integer' }) forks_count!: number;
  @ApiProperty({ type: 'integer' }) watchers_count!: number;
  @ApiProperty({ type: 'integer' }) open_issues_count!: number;
  @ApiProperty({ type: 'integer' }) open_pr_counter!: number;
  @ApiProperty({ type: 'integer' }) release_counter!: number;
  @ApiProperty() default_branch!: string;
  @ApiProperty() wiki_branch!: string;
  @ApiProperty({ enum: ['sha1', 'sha256'] }) object_format_name!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: () => ApiPermission }) permissions!: ApiPermission;
  @ApiProperty() has_issues!: boolean;
  @ApiProperty() has_wiki!: boolean;
  @ApiProperty() has_pull_requests!: boolean;
  @ApiProperty() has_releases!: boolean;
  @ApiProperty() has_packages!: boolean;
  @ApiProperty() has_actions!: boolean;
  @ApiProperty() has_projects!: boolean;
  @ApiProperty() avatar_url!: string;
  @ApiProperty({ type: [String] }) topics!: string[];
  /** The repository this one was forked from, when the viewer may see it. */
  @ApiPropertyOptional({ type: () => ApiRepository }) parent?: ApiRepository;
}

export class ApiRepoSearchResults {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [ApiRepository] }) data!: ApiRepository[];
}

export function toApiPermission(permission: RepoPermission): ApiPermission {
  return { admin: atLeast(permission, 'admin'), push: atLeast(permission, 'write'), pull: atLeast(permission, 'read') };
}

/** Forgejo's size: bytes of git data and LFS objects together, in whole KiB. */
export function sizeInKiB(repo: Repository): number {
  return Math.floor((repo.gitSize + repo.lfsSize) / 1024);
}

/** A repository as `viewer`, whose permission in it is `permission`, sees it. */
export function toApiRepository(
  repo: Repository,
  owner: Owner,
  permission: RepoPermission,
  viewer: Owner | undefined,
  ctx: ShapeContext,
): ApiRepository {
  const fullName = `${owner.name}/${repo.name}`;
  const htmlUrl = `${ctx.rootUrl}${fullName}`;
  const apiUrl = `${ctx.rootUrl}api/v1/repos/${fullName}`;
  return {
    id: repo.id,
    owner: toApiUser(owner, viewer, ctx),
    name: repo.name,
    full_name: fullName,
    description: repo.description,
    empty: repo.isEmpty,
    private: repo.isPrivate,
    fork: repo.forkId !== null,
    template: false,
    mirror: false,
    internal: false,
    archived: repo.isArchived,
    size: sizeInKiB(repo),
    language: '',
    languages_url: `${apiUrl}/languages`,
    html_url: htmlUrl,
    url: apiUrl,
    link: '',
    ssh_url: ctx.sshUrlPrefix ? `${ctx.sshUrlPrefix}${fullName}.git` : '',
    clone_url: `${htmlUrl}.git`,
    original_url: '',
    website: repo.website,
    stars_count: repo.numStars,
    forks_count: repo.numForks,
    watchers_count: repo.numWatches,
    open_issues_count: 0,
    open_pr_counter: 0,
    release_counter: 0,
    default_branch: repo.defaultBranch,
    wiki_branch: 'main',
    object_format_name: 'sha1',
    created_at: repo.createdAt.toISOString(),
    updated_at: repo.updatedAt.toISOString(),
    permissions: toApiPermission(permission),
    has_issues: true,
    has_wiki: true,
    has_pull_requests: true,
    has_releases: true,
    has_packages: true,
    has_actions: false,
    has_projects: false,
    avatar_url: repo.avatar ? `${ctx.rootUrl}repo-avatars/${repo.id}` : '',
    topics: [],
  };
}
