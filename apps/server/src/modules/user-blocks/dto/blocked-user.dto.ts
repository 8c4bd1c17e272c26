import { ApiProperty } from '@nestjs/swagger';
import { UserBlock } from '@bellows/domain';

/** Forgejo's `BlockedUser`: `block_id` is the blocked user's id. */
export class ApiBlockedUser {
  @ApiProperty({ type: 'integer', format: 'int64' }) block_id!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export function toApiBlockedUser(block: UserBlock): ApiBlockedUser {
  return { block_id: block.blockedId, created_at: block.createdAt.toISOString() };
}
