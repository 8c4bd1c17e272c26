import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

export const ASSIGNABLE_TEAM_PERMISSIONS = ['read', 'write', 'admin'] as const;
export type AssignableTeamPermission = (typeof ASSIGNABLE_TEAM_PERMISSIONS)[number];

/** Forgejo's `EditTeamOption` (and, with the same fields, `CreateTeamOption`). */
export class EditTeamOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) name!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) description?: string;
  @ApiPropertyOptional({ enum: ASSIGNABLE_TEAM_PERMISSIONS }) @IsOptional() @IsIn(ASSIGNABLE_TEAM_PERMISSIONS) permission?: AssignableTeamPermission;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() includes_all_repositories?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() can_create_org_repo?: boolean;
  @ApiPropertyOptional({ type: [String], example: ['repo.code', 'repo.issues'] })
  @IsOptional() @IsArray() @IsString({ each: true })
  units?: string[];
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' }, example: { 'repo.code': 'read' } })
  @IsOptional() @IsObject()
  units_map?: Record<string, string>;
}

export class CreateTeamOption extends EditTeamOption {}
