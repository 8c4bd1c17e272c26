import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { COMMIT_STATUS_STATES, CommitStatus, CommitStatusState, Owner } from '@bellows/domain';
import { ApiUser, ShapeContext, toApiUser } from '../../accounts/dto/user.dto';
import { ApiRepository } from '../../repositories/dto/repository.dto';
import { RepoUrls } from '../../repo-files/repo-urls';

/** The JSON shapes of commit statuses, with Forgejo's field names (`CreateStatusOption`, `CommitStatus`, `CombinedStatus`). */

/** Forgejo's `CreateStatusOption`. */
export class CreateStatusOption {
  @ApiProperty({ enum: COMMIT_STATUS_STATES })
  @IsIn(COMMIT_STATUS_STATES, { message: `state must be one of ${COMMIT_STATUS_STATES.join(', ')}` })
  state!: CommitStatusState;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2048) target_url?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1024) description?: string;
  @ApiPropertyOptional({ description: '"default" when empty' }) @IsOptional() @IsString() @MaxLength(255) context?: string;
}

/** Forgejo's `CommitStatus` (its state is the field `status`). */
export class ApiCommitStatus {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ enum: COMMIT_STATUS_STATES }) status!: CommitStatusState;
  @ApiProperty() target_url!: string;
  @ApiProperty() description!: string;
  @ApiProperty() url!: string;
  @ApiProperty() context!: string;
  @ApiProperty({ type: ApiUser, nullable: true }) creator!: ApiUser | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

/** Forgejo's `CombinedStatus`. */
export class ApiCombinedStatus {
  @ApiProperty({ description: 'the worst latest state of any context; empty when nothing was reported' }) state!: CommitStatusState | '';
  @ApiProperty() sha!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) total_count!: number;
  @ApiProperty({ type: [ApiCommitStatus] }) statuses!: ApiCommitStatus[];
  @ApiProperty({ type: ApiRepository }) repository!: ApiRepository;
  @ApiProperty() commit_url!: string;
  @ApiProperty() url!: string;
}

/** The accounts behind statuses, by id, as the viewer may see them. */
export interface StatusShaping {
  urls: RepoUrls;
  creators: Map<number, Owner>;
  viewer: Owner | undefined;
  ctx: ShapeContext;
}

export function toApiCommitStatus(status: CommitStatus, { urls, creators, viewer, ctx }: StatusShaping): ApiCommitStatus {
  const creator = status.creatorId === null ? undefined : creators.get(status.creatorId);
  const at = status.createdAt.toISOString();
  return {
    id: status.id,
    status: status.state,
    target_url: status.targetUrl,
    description: status.description,
    url: `${urls.api}/statuses/${status.sha}`,
    context: status.context,
    creator: creator ? toApiUser(creator, viewer, ctx) : null,
    created_at: at,
    // Statuses are never changed.
    updated_at: at,
  };
}
