import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Milestone, MilestoneCounts } from '@bellows/domain';

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

/** Forgejo's `Milestone`. Unset dates are left out. */
export class ApiMilestone {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: ['open', 'closed'] }) state!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) open_issues!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) closed_issues!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional({ format: 'date-time' }) closed_at?: string;
  @ApiPropertyOptional({ format: 'date-time' }) due_on?: string;
}

export function toApiMilestone(milestone: Milestone, counts: MilestoneCounts): ApiMilestone {
  return {
    id: milestone.id,
    title: milestone.name,
    description: milestone.description,
    state: milestone.isClosed ? 'closed' : 'open',
    open_issues: counts.open,
    closed_issues: counts.closed,
    created_at: milestone.createdAt.toISOString(),
    updated_at: milestone.updatedAt.toISOString(),
    ...(milestone.closedAt ? { closed_at: milestone.closedAt.toISOString() } : {}),
    ...(milestone.dueOn ? { due_on: milestone.dueOn.toISOString() } : {}),
  };
}
