import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Forgejo's `CreatePullRequestOption`. Assignees, labels, milestone and due date are accepted and ignored. */
export class CreatePullRequestOption {
  @ApiProperty({ description: 'the branch with the changes: `branch` or `owner:branch` of this repository' }) @IsString() @IsNotEmpty() @MaxLength(255) head!: string;
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
  @ApiPropertyOptional({ description: 'retarget the pull request to another branch' }) @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) base?: string;
}
