import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'] as const;
export type MergeStyleName = (typeof MERGE_STYLES)[number];

/**
 * Forgejo's `MergePullRequestOption` (its field names, some capitalised as
 * Forgejo's form has them). `force_merge` and `merge_when_checks_succeed`
 * are accepted and ignored: there are no protections or checks to skip or wait for yet.
 */
export class MergePullRequestOption {
  @ApiProperty({ enum: MERGE_STYLES }) @IsIn(MERGE_STYLES) Do!: MergeStyleName;
  @ApiPropertyOptional({ description: 'the commit that merged it, for manually-merged' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  MergeCommitID?: string;
  @ApiPropertyOptional({ description: 'the first line of the merge or squash commit' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  MergeTitleField?: string;
  @ApiPropertyOptional({ description: 'the rest of its message' }) @IsOptional() @IsString() @MaxLength(65536) MergeMessageField?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() delete_branch_after_merge?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() force_merge?: boolean;
  @ApiPropertyOptional({ description: 'refuse (409) unless the head is still at this commit' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  head_commit_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() merge_when_checks_succeed?: boolean;
}
