import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { emailShownTo, Owner, pronounsShownTo } from '@bellows/domain';
import { VISIBILITIES, Visibility } from '../account-input';

/*
 * The request and response shapes of users, with Forgejo's field names
 * (definitions `CreateUserOption`, `EditUserOption`, `User`), and toApiUser,
 * the one place that fills `User`.
 */

/** Forgejo's `CreateUserOption`. Fields Bellows does not use (source, notification) are accepted and ignored. */
export class CreateUserOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(40) username!: string;
  @ApiProperty({ format: 'email' }) @IsString() @MaxLength(255) email!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) password!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) full_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) login_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() must_change_password?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() restricted?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() send_notify?: boolean;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) @IsOptional() @IsInt() source_id?: number;
  @ApiPropertyOptional({ enum: VISIBILITIES }) @IsOptional() @IsIn(VISIBILITIES) visibility?: Visibility;
}

/** Forgejo's `EditUserOption`: every field optional; absent fields are left as they are. */
export class EditUserOption {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() admin?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) description?: string;
  @ApiPropertyOptional({ format: 'email' }) @IsOptional() @IsString() @MaxLength(255) email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) full_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) location?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) login_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() must_change_password?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) password?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() prohibit_login?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() restricted?: boolean;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) @IsOptional() @IsInt() source_id?: number;
  @ApiPropertyOptional({ enum: VISIBILITIES }) @IsOptional() @IsIn(VISIBILITIES) visibility?: Visibility;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) website?: string;
}

/** Forgejo's `User`. */
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

export class ApiUserSearchResults {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [ApiUser] }) data!: ApiUser[];
}

/** What converting needs to know about the instance. */
export interface ShapeContext {
  /** ROOT_URL, ending in '/'. */
  rootUrl: string;
  /** What comes before `owner/repo.git` in SSH clone URLs (see sshUrlPrefix); absent when the SSH server is off. */
  sshUrlPrefix?: string;
}

/** Where an owner's avatar is served. */
export function avatarUrl(owner: Owner, ctx: ShapeContext): string {
  return `${ctx.rootUrl}avatars/${owner.id}`;
}

/** The last root URL's host name: every shaped user needs it, and parsing a URL each time showed in list profiles. */
let lastHost = { rootUrl: '', hostname: '' };
function hostOf(rootUrl: string): string {
  if (lastHost.rootUrl !== rootUrl) lastHost = { rootUrl, hostname: new URL(rootUrl).hostname };
  return lastHost.hostname;
}

/** Shapes users for one answer (see `usersSeenBy`). */
export type UserShaper = (owner: Owner) => ApiUser;

/**
 * `toApiUser` for the many rows of one answer: each user is shaped once and
 * every row showing them shares that shape. A list of issues shows the same
 * few posters over and over, and shaping each again was a quarter of the
 * list's shaping time (profile of the issue list, issue 12).
 */
export function usersSeenBy(viewer: Owner | undefined, ctx: ShapeContext): UserShaper {
  const shaped = new Map<number, ApiUser>();
  return (owner) => {
    let user = shaped.get(owner.id);
    if (!user) shaped.set(owner.id, (user = toApiUser(owner, viewer, ctx)));
    return user;
  };
}

/**
 * A user as `viewer` may see it. The e-mail address is shown to the user and to
 * site admins, and to other signed-in users when the user does not keep it
 * private (setting `hide_email`, on by default); anyone else sees a no-reply
 * address, as Forgejo does. The language is the user's and admins' to see.
 */
export function toApiUser(owner: Owner, viewer: Owner | undefined, ctx: ShapeContext): ApiUser {
  const mayReadEmail = emailShownTo(owner, viewer);
  const mayReadLanguage = viewer !== undefined && (viewer.id === owner.id || viewer.isAdmin);
  const host = hostOf(ctx.rootUrl);
  return {
    id: owner.id,
    login: owner.name,
    login_name: '',
    full_name: owner.fullName,
    email: mayReadEmail ? owner.email : `${owner.lowerName}@noreply.${host}`,
    avatar_url: avatarUrl(owner, ctx),
    html_url: `${ctx.rootUrl}${owner.name}`,
    language: mayReadLanguage ? (owner.language ?? '') : '',
    is_admin: owner.isAdmin,
    last_login: (owner.lastLoginAt ?? new Date(0)).toISOString(),
    created: owner.createdAt.toISOString(),
    restricted: false,
    active: owner.isActive,
    prohibit_login: owner.prohibitLogin,
    location: owner.location,
    pronouns: pronounsShownTo(owner, viewer),
    website: owner.website,
    description: owner.description,
    visibility: owner.visibility,
    followers_count: owner.numFollowers ?? 0,
    following_count: owner.numFollowing ?? 0,
    starred_repos_count: 0,
    source_id: 0,
  };
}
