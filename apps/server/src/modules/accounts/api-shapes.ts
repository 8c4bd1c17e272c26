import { ApiProperty } from '@nestjs/swagger';
import { Owner } from '@bellows/domain';
import { TeamEntity } from '@bellows/persistence-typeorm';
import { parseStoredUnitsMap, UnitsMap, unitsMapToList } from './team-units';

/**
 * The JSON shapes of accounts, with Forgejo's field names (definitions `User`,
 * `Organization`, `Team`), and the one place that converts entities into them.
 */

export class ApiUser {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() login!: string;
  @ApiProperty() login_name!: string;
  @ApiProperty() full_name!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty() avatar_url!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty() language!: string;
  @ApiProperty() is_admin!: boolean;
  @ApiProperty({ format: 'date-time' }) last_login!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty() restricted!: boolean;
  @ApiProperty() active!: boolean;
  @ApiProperty() prohibit_login!: boolean;
  @ApiProperty() location!: string;
  @ApiProperty() pronouns!: string;
  @ApiProperty() website!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: ['public', 'limited', 'private'] }) visibility!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) followers_count!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) following_count!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) starred_repos_count!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) source_id!: number;
}

export class ApiOrganization {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name!: string;
  /** Deprecated in Forgejo but still sent: the same as `name`. */
  @ApiProperty() username!: string;
  @ApiProperty() full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() avatar_url!: string;
  @ApiProperty() description!: string;
  @ApiProperty() website!: string;
  @ApiProperty() location!: string;
  @ApiProperty({ enum: ['public', 'limited', 'private'] }) visibility!: string;
  @ApiProperty() repo_admin_change_team_access!: boolean;
}

export class ApiTeam {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: () => ApiOrganization }) organization!: ApiOrganization;
  @ApiProperty({ enum: ['none', 'read', 'write', 'admin', 'owner'] }) permission!: string;
  @ApiProperty() includes_all_repositories!: boolean;
  @ApiProperty() can_create_org_repo!: boolean;
  @ApiProperty({ type: [String] }) units!: string[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) units_map!: UnitsMap;
}

export class ApiUserSearchResults {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [ApiUser] }) data!: ApiUser[];
}

/** What converting needs to know about the instance. */
export interface ShapeContext {
  /** ROOT_URL, ending in '/'. */
  rootUrl: string;
}

function avatarUrl(owner: Owner, ctx: ShapeContext): string {
  return `${ctx.rootUrl}avatars/${owner.id}`;
}

/**
 * A user as `viewer` may see it. The e-mail address is shown to the user and to
 * site admins only; anyone else sees a no-reply address, as Forgejo does for
 * users who keep their address private.
 */
export function toApiUser(owner: Owner, viewer: Owner | undefined, ctx: ShapeContext): ApiUser {
  const mayReadEmail = viewer !== undefined && (viewer.id === owner.id || viewer.isAdmin) && owner.email !== '';
  const host = new URL(ctx.rootUrl).hostname;
  return {
    id: owner.id,
    login: owner.name,
    login_name: '',
    full_name: owner.fullName,
    email: mayReadEmail ? owner.email : `${owner.lowerName}@noreply.${host}`,
    avatar_url: avatarUrl(owner, ctx),
    html_url: `${ctx.rootUrl}${owner.name}`,
    language: '',
    is_admin: owner.isAdmin,
    last_login: (owner.lastLoginAt ?? new Date(0)).toISOString(),
    created: owner.createdAt.toISOString(),
    restricted: false,
    active: owner.isActive,
    prohibit_login: owner.prohibitLogin,
    location: owner.location,
    pronouns: '',
    website: owner.website,
    description: owner.description,
    visibility: owner.visibility,
    followers_count: 0,
    following_count: 0,
    starred_repos_count: 0,
    source_id: 0,
  };
}

export function toApiOrganization(org: Owner, ctx: ShapeContext): ApiOrganization {
  return {
    id: org.id,
    name: org.name,
    username: org.name,
    full_name: org.fullName,
    email: org.email,
    avatar_url: avatarUrl(org, ctx),
    description: org.description,
    website: org.website,
    location: org.location,
    visibility: org.visibility,
    repo_admin_change_team_access: false,
  };
}

export function toApiTeam(team: TeamEntity, org: Owner, ctx: ShapeContext): ApiTeam {
  const unitsMap = parseStoredUnitsMap(team.unitsMap);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    organization: toApiOrganization(org, ctx),
    permission: team.permission,
    includes_all_repositories: team.includesAllRepositories,
    can_create_org_repo: team.canCreateOrgRepo,
    units: unitsMapToList(unitsMap),
    units_map: unitsMap,
  };
}
