import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ActionRun } from '@bellows/domain';
import { ApiUser } from '../../../accounts/dto/user.dto';

/** Forgejo's RepoActionRun, plus when the run was registered. */
export class ApiActionRun {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() status!: string;
  @ApiProperty() event!: string;
  @ApiProperty() workflow_id!: string;
  @ApiProperty() head_branch!: string;
  @ApiProperty() head_sha!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) run_number!: number;
  @ApiProperty() url!: string;
  @ApiPropertyOptional({ type: ApiUser }) triggering_actor?: ApiUser;
  @ApiProperty({ format: 'date-time' }) created!: string;
}

export class ApiActionRunList {
  @ApiProperty({ type: 'integer', format: 'int64' }) total_count!: number;
  @ApiProperty({ type: [ApiActionRun] }) workflow_runs!: ApiActionRun[];
}

/** What a CI system gets when it registers a run: the run, and what its jobs need to upload artifacts. */
export class ApiRegisteredActionRun extends ApiActionRun {
  @ApiProperty({ description: 'ACTIONS_RUNTIME_TOKEN for @actions/artifact (valid 24 hours)' }) runtime_token!: string;
  @ApiProperty({ description: 'ACTIONS_RESULTS_URL for @actions/artifact' }) results_url!: string;
}

export class RegisterActionRunOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ example: 'push' }) @IsOptional() @IsString() @MaxLength(64) event?: string;
  @ApiPropertyOptional({ example: 'build.yml' }) @IsOptional() @IsString() @MaxLength(255) workflow_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) head_branch?: string;
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @Matches(/^([0-9a-f]{40}|[0-9a-f]{64})?$/, { message: 'head_sha must be a full commit hash' })
  head_sha?: string;
}

export function runUrl(rootUrl: string, ownerName: string, repoName: string, run: ActionRun): string {
  return `${rootUrl}api/v1/repos/${encodeURIComponent(ownerName)}/${encodeURIComponent(repoName)}/actions/runs/${run.id}`;
}
