import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Owner } from '@bellows/domain';
import { VISIBILITIES, Visibility } from '../account-input';
import { avatarUrl, ShapeContext } from './user.dto';

/*
 * The request and response shapes of organizations, with Forgejo's field names
 * (definitions `CreateOrgOption`, `EditOrgOption`, `Organization`), and
 * toApiOrganization, the one place that fills `Organization`.
 */

/** Forgejo's `EditOrgOption`: every field optional. */
export class EditOrgOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) full_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) website?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) location?: string;
  @ApiPropertyOptional({ enum: VISIBILITIES }) @IsOptional() @IsIn(VISIBILITIES) visibility?: Visibility;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() repo_admin_change_team_access?: boolean;
}

/** Forgejo's `CreateOrgOption`: `username` is the organization's name. */
export class CreateOrgOption extends EditOrgOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(40) username!: string;
}

/** Forgejo's `Organization`. */
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
