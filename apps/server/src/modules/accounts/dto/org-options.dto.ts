import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { VISIBILITIES, Visibility } from '../account-input';

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
