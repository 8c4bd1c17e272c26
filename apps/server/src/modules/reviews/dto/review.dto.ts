import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Owner, PullReview, PullReviewComment } from '@bellows/domain';
import { ApiUser, UserShaper } from '../../accounts/dto/user.dto';

/**
 * The JSON shapes of pull request reviews with Forgejo's field names
 * (`PullReview`, `PullReviewComment`, `CreatePullReviewOptions`, …).
 */

/** Forgejo's `CreatePullReviewComment`: a comment on a line of the new (or the old) file. */
export class CreatePullReviewComment {
  @ApiProperty({ description: 'the file the comment is on' }) @IsString() @MaxLength(4096) path!: string;
  @ApiProperty() @IsString() @MaxLength(65536) body!: string;
  @ApiPropertyOptional({ type: 'integer', description: 'line in the new file' }) @IsOptional() @IsInt() new_position?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'line in the old file' }) @IsOptional() @IsInt() old_position?: number;
}

/** Forgejo's `CreatePullReviewOptions`. */
export class CreatePullReviewOptions {
  @ApiPropertyOptional({ description: 'APPROVED, REQUEST_CHANGES, COMMENT, or PENDING (the default) to keep it a draft' })
  @IsOptional()
  @IsString()
  event?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ description: 'the head commit reviewed; the current head when absent' })
  @IsOptional()
  @IsString()
  commit_id?: string;
  @ApiPropertyOptional({ type: [CreatePullReviewComment] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => CreatePullReviewComment)
  comments?: CreatePullReviewComment[];
}

/** Forgejo's `SubmitPullReviewOptions`. */
export class SubmitPullReviewOptions {
  @ApiProperty({ description: 'APPROVED, REQUEST_CHANGES or COMMENT' }) @IsString() event!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
}

/** Forgejo's `DismissPullReviewOptions`. */
export class DismissPullReviewOptions {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) message?: string;
  @ApiPropertyOptional({ description: 'accepted; Bellows dismisses only the review named' }) @IsOptional() @IsBoolean() priors?: boolean;
}

/** Forgejo's `PullReviewRequestOptions`. */
export class PullReviewRequestOptions {
  @ApiPropertyOptional({ type: [String], description: 'user names' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  reviewers?: string[];
  @ApiPropertyOptional({ type: [String], description: 'team names (organizations only)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  team_reviewers?: string[];
}

export class ApiPullReview {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ type: ApiUser, nullable: true }) user!: ApiUser | null;
  @ApiProperty({ type: 'object', properties: {}, nullable: true, description: 'team reviews are not offered: always null' })
  team!: null;
  @ApiProperty({ enum: ['PENDING', 'APPROVED', 'REQUEST_CHANGES', 'COMMENT', 'REQUEST_REVIEW'] }) state!: string;
  @ApiProperty() body!: string;
  @ApiProperty() commit_id!: string;
  @ApiProperty({ description: 'made on a commit that is no longer the head' }) stale!: boolean;
  @ApiProperty({ description: 'made by someone who may write the repository' }) official!: boolean;
  @ApiProperty() dismissed!: boolean;
  @ApiProperty({ type: 'integer', format: 'int64' }) comments_count!: number;
  @ApiProperty({ format: 'date-time' }) submitted_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty() pull_request_url!: string;
}

export class ApiPullReviewComment {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() body!: string;
  @ApiProperty({ type: ApiUser, nullable: true }) user!: ApiUser | null;
  @ApiProperty({ type: ApiUser, nullable: true, description: 'resolving conversations is not offered: always null' }) resolver!: null;
  @ApiProperty({ type: 'integer', format: 'int64' }) pull_request_review_id!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty() path!: string;
  @ApiProperty() commit_id!: string;
  @ApiProperty() original_commit_id!: string;
  @ApiProperty({ description: 'not computed: empty' }) diff_hunk!: string;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'line in the new file (0 when on the old side)' }) position!: number;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'line in the old file (0 when on the new side)' })
  original_position!: number;
  @ApiProperty() html_url!: string;
  @ApiProperty() pull_request_url!: string;
}

/** Where a pull request lives on the web, and the users to show. */
export interface ReviewShapeContext {
  pullHtml: string;
  headSha: string;
  users: UserShaper;
  people: Map<number, Owner>;
}

export function toApiPullReview(review: PullReview, commentsCount: number, ctx: ReviewShapeContext): ApiPullReview {
  const reviewer = ctx.people.get(review.reviewerId);
  return {
    id: review.id,
    user: reviewer ? ctx.users(reviewer) : null,
    team: null,
    state: review.state,
    body: review.body,
    commit_id: review.commitId,
    stale: review.submittedAt !== null && ctx.headSha !== '' && review.commitId !== ctx.headSha,
    official: review.official,
    dismissed: review.dismissed,
    comments_count: commentsCount,
    submitted_at: (review.submittedAt ?? review.createdAt).toISOString(),
    updated_at: review.updatedAt.toISOString(),
    html_url: `${ctx.pullHtml}#pullrequestreview-${review.id}`,
    pull_request_url: ctx.pullHtml,
  };
}

export function toApiPullReviewComment(comment: PullReviewComment, ctx: ReviewShapeContext): ApiPullReviewComment {
  const author = ctx.people.get(comment.authorId);
  return {
    id: comment.id,
    body: comment.body,
    user: author ? ctx.users(author) : null,
    resolver: null,
    pull_request_review_id: comment.reviewId,
    created_at: comment.createdAt.toISOString(),
    updated_at: comment.updatedAt.toISOString(),
    path: comment.path,
    commit_id: comment.commitId,
    original_commit_id: comment.commitId,
    diff_hunk: '',
    position: comment.line > 0 ? comment.line : 0,
    original_position: comment.line < 0 ? -comment.line : 0,
    html_url: `${ctx.pullHtml}#issuecomment-${comment.id}`,
    pull_request_url: ctx.pullHtml,
  };
}
