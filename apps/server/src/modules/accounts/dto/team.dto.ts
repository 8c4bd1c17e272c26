import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { Owner, Team } from '@bellows/domain';
import { parseStoredUnitsMap, UnitsMap, unitsMapToList } from '../team-units';
import { ApiOrganization, toApiOrganization } from './organization.dto';
import { ShapeContext } from './user.dto';

/*
 * The request and response shapes of teams, with Forgejo's field names
 * (definitions `CreateTeamOption`, `EditTeamOption`, `Team`), and toApiTeam,
 * the one place that fills `Team`.
 */

export const ASSIGNABLE_TEAM_PERMISSIONS = ['read', 'write', 'admin'] as const;
export type AssignableTeamPermission = (typeof ASSIGNABLE_TEAM_PERMISSIONS)[number];

/** Forgejo's `EditTeamOption` (and, with the same fields, `CreateTeamOption`). */
export class EditTeamOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) description?: string;
  @ApiPropertyOptional({ enum: ASSIGNABLE_TEAM_PERMISSIONS })
  @IsOptional()
  @IsIn(ASSIGNABLE_TEAM_PERMISSIONS)
  permission?: AssignableTeamPermission;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() includes_all_repositories?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() can_create_org_repo?: boolean;
  @ApiPropertyOptional({ type: [String], example: ['repo.code', 'repo.issues'] })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  units?: string[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, example: { 'repo.code': 'read' } })
  @IsOptional()
  @IsObject()
  units_map?: Record<string, string>;
}

export class CreateTeamOption extends EditTeamOption {}

/** Forgejo's `Team`. */
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

export function toApiTeam(team: Team, org: Owner, ctx: ShapeContext): ApiTeam {
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
