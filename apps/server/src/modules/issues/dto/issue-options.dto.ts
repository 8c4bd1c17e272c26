import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** `updated_at` is read by the domain's parser (RFC 3339, 422 naming the field), so it is only declared here. */
const UPDATED_AT_DESCRIPTION = 'back-dates the operation (RFC 3339); repository owners and administrators only';

/** Forgejo's `CreateIssueOption`. Without write access, assignees, milestone and labels are ignored, as in Forgejo. */
export class CreateIssueOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) title!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ type: [String], description: 'user names' }) @IsOptional() @IsArray() @IsString({ each: true }) assignees?: string[];
  @ApiPropertyOptional({ description: 'deprecated: one user name' }) @IsOptional() @IsString() assignee?: string;
  @ApiPropertyOptional({ type: 'integer', format: 'int64', description: 'milestone id' }) @IsOptional() @IsInt() @Min(0) milestone?: number;
  @ApiPropertyOptional({ type: [Number], description: 'label ids' }) @IsOptional() @IsArray() @IsInt({ each: true }) labels?: number[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() closed?: boolean;
}

export const ISSUE_STATES = ['open', 'closed'] as const;

/** Forgejo's `EditIssueOption`: absent fields stay as they are; milestone 0 removes the milestone. */
export class EditIssueOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ enum: ISSUE_STATES }) @IsOptional() @IsIn(ISSUE_STATES) state?: (typeof ISSUE_STATES)[number];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @IsString({ each: true }) assignees?: string[];
  @ApiPropertyOptional({ description: 'deprecated: one user name' }) @IsOptional() @IsString() assignee?: string;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) @IsOptional() @IsInt() @Min(0) milestone?: number;
  @ApiPropertyOptional({ format: 'date-time', description: UPDATED_AT_DESCRIPTION }) @IsOptional() updated_at?: unknown;
}

/** Forgejo's `CreateIssueCommentOption`. */
export class CreateIssueCommentOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(65536) body!: string;
  @ApiPropertyOptional({ format: 'date-time', description: UPDATED_AT_DESCRIPTION }) @IsOptional() updated_at?: unknown;
}

/** Forgejo's `EditIssueCommentOption`. */
export class EditIssueCommentOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(65536) body!: string;
  @ApiPropertyOptional({ format: 'date-time', description: UPDATED_AT_DESCRIPTION }) @IsOptional() updated_at?: unknown;
}

export const MILESTONE_STATES = ['open', 'closed'] as const;

/** Forgejo's `CreateMilestoneOption`. */
export class CreateMilestoneOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) title!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) description?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsString() due_on?: string;
  @ApiPropertyOptional({ enum: MILESTONE_STATES }) @IsOptional() @IsIn(MILESTONE_STATES) state?: (typeof MILESTONE_STATES)[number];
}

/** Forgejo's `EditMilestoneOption`: absent fields stay as they are. */
export class EditMilestoneOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) description?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsString() due_on?: string;
  @ApiPropertyOptional({ enum: MILESTONE_STATES }) @IsOptional() @IsIn(MILESTONE_STATES) state?: (typeof MILESTONE_STATES)[number];
}
