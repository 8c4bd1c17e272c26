import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Forgejo's `CreateRepoOption`. Templates (gitignores, license, readme, issue_labels) are accepted and not applied. */
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

export const COLLABORATOR_PERMISSIONS = ['read', 'write', 'admin'] as const;

/** Forgejo's `AddCollaboratorOption`; no permission means `write`, as in Forgejo. */
export class AddCollaboratorOption {
  @ApiPropertyOptional({ enum: COLLABORATOR_PERMISSIONS })
  @IsOptional()
  @IsIn(COLLABORATOR_PERMISSIONS)
  permission?: (typeof COLLABORATOR_PERMISSIONS)[number];
}
