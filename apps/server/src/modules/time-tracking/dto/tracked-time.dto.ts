import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { formatDuration, Issue, Stopwatch, TrackedTime } from '@bellows/domain';
import { ApiIssue, IssuePlace } from '../../issues/dto/issue.dto';

/** The longest single time one may record: about 31 years, far beyond any real entry, well inside int64. */
const MAX_SECONDS = 1_000_000_000;

/** Forgejo's `AddTimeOption`. */
export class AddTimeOption {
  @ApiProperty({ type: 'integer', format: 'int64', description: 'time in seconds (at least 1)' })
  @IsInt()
  @Min(1)
  @Max(MAX_SECONDS)
  time!: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'when the work was done; now when absent' })
  @IsOptional()
  @IsISO8601({ strict: true })
  created?: string;

  @ApiPropertyOptional({ description: "the user who spent the time (repository and site admins only; others' own name is used)" })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  user_name?: string;
}

/** Forgejo's `TrackedTime`. */
export class ApiTrackedTime {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'time in seconds' }) time!: number;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'deprecated (only for backwards compatibility)' }) user_id!: number;
  @ApiProperty() user_name!: string;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'deprecated (only for backwards compatibility)' }) issue_id!: number;
  @ApiPropertyOptional({ type: ApiIssue }) issue?: ApiIssue;
}

/** Forgejo's `StopWatch`. */
export class ApiStopWatch {
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) seconds!: number;
  @ApiProperty({ description: 'the running time as people read it, e.g. `1h 5m 3s`' }) duration!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) issue_index!: number;
  @ApiProperty() issue_title!: string;
  @ApiProperty() repo_owner_name!: string;
  @ApiProperty() repo_name!: string;
}

export function toApiTrackedTime(time: TrackedTime, userName: string, issue: ApiIssue | undefined): ApiTrackedTime {
  return {
    id: time.id,
    created: time.createdAt.toISOString(),
    time: time.seconds,
    user_id: time.userId,
    user_name: userName,
    issue_id: time.issueId,
    ...(issue ? { issue } : {}),
  };
}

export function toApiStopWatch(stopwatch: Stopwatch, issue: Issue, place: IssuePlace, seconds: number): ApiStopWatch {
  return {
    created: stopwatch.createdAt.toISOString(),
    seconds,
    duration: formatDuration(seconds),
    issue_index: issue.index,
    issue_title: issue.title,
    repo_owner_name: place.owner.name,
    repo_name: place.repo.name,
  };
}
