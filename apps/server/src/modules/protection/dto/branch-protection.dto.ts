import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/**
 * Forgejo's BranchProtection JSON. Whitelists are user and team names in the
 * API and ids in storage (so a renamed user stays listed).
 */

const NAMES: { type: [StringConstructor] } = { type: [String] };

/** Forgejo's `EditBranchProtectionOption`: every field optional; given fields replace the stored ones. */
export class EditBranchProtectionOption {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enable_push?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enable_push_whitelist?: boolean;
  @ApiPropertyOptional(NAMES) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) push_whitelist_usernames?: string[];
  @ApiPropertyOptional(NAMES) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) push_whitelist_teams?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() push_whitelist_deploy_keys?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enable_merge_whitelist?: boolean;
  @ApiPropertyOptional(NAMES) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) merge_whitelist_usernames?: string[];
  @ApiPropertyOptional(NAMES) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) merge_whitelist_teams?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enable_status_check?: boolean;
  @ApiPropertyOptional(NAMES) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) status_check_contexts?: string[];
  @ApiPropertyOptional({ type: 'integer' }) @IsOptional() @IsInt() @Min(0) required_approvals?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() enable_approvals_whitelist?: boolean;
  @ApiPropertyOptional(NAMES) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) approvals_whitelist_username?: string[];
  @ApiPropertyOptional(NAMES) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) approvals_whitelist_teams?: string[];
  @ApiPropertyOptional() @IsOptional() @IsBoolean() block_on_rejected_reviews?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() block_on_official_review_requests?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() block_on_outdated_branch?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() dismiss_stale_approvals?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() ignore_stale_approvals?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() require_signed_commits?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(4096) protected_file_patterns?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(4096) unprotected_file_patterns?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() apply_to_admins?: boolean;
}

/** Forgejo's `CreateBranchProtectionOption`: `rule_name` (or the older `branch_name`) names the branch or a glob. */
export class CreateBranchProtectionOption extends EditBranchProtectionOption {
  @ApiPropertyOptional({ description: 'a branch name or a glob (`release/*`)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  rule_name?: string;
  @ApiPropertyOptional({ description: 'deprecated: use rule_name' }) @IsOptional() @IsString() @MaxLength(255) branch_name?: string;
}

export class ApiBranchProtection {
  @ApiProperty({ description: 'deprecated: the rule name' }) branch_name!: string;
  @ApiProperty() rule_name!: string;
  @ApiProperty() enable_push!: boolean;
  @ApiProperty() enable_push_whitelist!: boolean;
  @ApiProperty(NAMES) push_whitelist_usernames!: string[];
  @ApiProperty(NAMES) push_whitelist_teams!: string[];
  @ApiProperty() push_whitelist_deploy_keys!: boolean;
  @ApiProperty() enable_merge_whitelist!: boolean;
  @ApiProperty(NAMES) merge_whitelist_usernames!: string[];
  @ApiProperty(NAMES) merge_whitelist_teams!: string[];
  @ApiProperty() enable_status_check!: boolean;
  @ApiProperty(NAMES) status_check_contexts!: string[];
  @ApiProperty({ type: 'integer', format: 'int64' }) required_approvals!: number;
  @ApiProperty() enable_approvals_whitelist!: boolean;
  @ApiProperty(NAMES) approvals_whitelist_username!: string[];
  @ApiProperty(NAMES) approvals_whitelist_teams!: string[];
  @ApiProperty() block_on_rejected_reviews!: boolean;
  @ApiProperty() block_on_official_review_requests!: boolean;
  @ApiProperty() block_on_outdated_branch!: boolean;
  @ApiProperty() dismiss_stale_approvals!: boolean;
  @ApiProperty() ignore_stale_approvals!: boolean;
  @ApiProperty() require_signed_commits!: boolean;
  @ApiProperty() protected_file_patterns!: string;
  @ApiProperty() unprotected_file_patterns!: string;
  @ApiProperty() apply_to_admins!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}
