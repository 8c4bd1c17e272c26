import { ApiProperty } from '@nestjs/swagger';
import { OwnerEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/api-shapes';
import { atLeast, RepoPermission } from './repo-permission';

/**
 * The JSON shapes of repositories with Forgejo's field names (definitions
 * `Repository`, `Permission`, `RepoCollaboratorPermission`), and the one place
 * that converts rows into them.
 */

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
}

export class ApiRepoSearchResults {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [ApiRepository] }) data!: ApiRepository[];
}

export class ApiRepoCollaboratorPermission {
  @ApiProperty({ enum: ['none', 'read', 'write', 'admin', 'owner'] }) permission!: string;
  @ApiProperty() role_name!: string;
  @ApiProperty({ type: () => ApiUser }) user!: ApiUser;
}

export function toApiPermission(permission: RepoPermission): ApiPermission {
  return { admin: atLeast(permission, 'admin'), push: atLeast(permission, 'write'), pull: atLeast(permission, 'read') };
}

/** Forgejo's size: bytes of git data and LFS objects together, in whole KiB. */
export function sizeInKiB(repo: RepositoryEntity): number {
  return Math.floor((repo.gitSize + repo.lfsSize) / 1024);
}

/** A repository as `viewer`, whose permission in it is `permission`, sees it. */
export function toApiRepository(
  repo: RepositoryEntity,
  owner: OwnerEntity,
  permission: RepoPermission,
  viewer: OwnerEntity | undefined,
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
    fork: false,
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
    ssh_url: '',
    clone_url: `${htmlUrl}.git`,
    original_url: '',
    website: repo.website,
    stars_count: 0,
    forks_count: 0,
    watchers_count: 0,
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
    avatar_url: '',
    topics: [],
  };
}
