import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Owner, ReactionWithUser } from '@bellows/domain';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/dto/user.dto';

/** Forgejo's `EditReactionOption`: the reaction to add or take back. */
export class EditReactionOption {
  @ApiProperty({ description: 'one of the allowed reactions (GET /settings/ui)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  content!: string;
}

/** Forgejo's `Reaction`. */
export class ApiReaction {
  @ApiProperty({ type: ApiUser }) user!: ApiUser;
  @ApiProperty() content!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export function toApiReaction(reaction: ReactionWithUser, viewer: Owner | undefined, ctx: ShapeContext): ApiReaction {
  return { user: toApiUser(reaction.user, viewer, ctx), content: reaction.content, created_at: reaction.createdAt.toISOString() };
}
