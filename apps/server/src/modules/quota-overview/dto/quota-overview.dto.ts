import { ApiProperty } from '@nestjs/swagger';
import { QUOTA_SUBJECTS } from '@bellows/domain';
import { QuotaUsed } from '../../quota/dto/quota.dto';

/*
 * The overview's JSON shapes (snake_case, as Forgejo's). `used` is Forgejo's
 * QuotaUsed, as `GET /user/quota` answers it; `subjects` says the same per
 * subject, for clients that sort or chart by one.
 */

const SUBJECT_BYTES_SCHEMA = {
  type: 'object' as const,
  description: `bytes per quota subject, every one of: ${QUOTA_SUBJECTS.join(', ')} (size:wiki is always 0: the wiki is not tracked)`,
  additionalProperties: { type: 'integer', format: 'int64' },
};

export class QuotaOverviewOwner {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ description: "the owner's login name" }) name!: string;
  @ApiProperty({ enum: ['user', 'organization'] }) type!: 'user' | 'organization';
}

export class QuotaOverviewItem {
  @ApiProperty({ type: QuotaOverviewOwner }) owner!: QuotaOverviewOwner;
  @ApiProperty({ type: QuotaUsed }) used!: QuotaUsed;
  @ApiProperty(SUBJECT_BYTES_SCHEMA) subjects!: Record<string, number>;
  @ApiProperty({ type: [String], description: 'effective groups: the assigned ones, else the existing default groups' })
  groups!: string[];
  @ApiProperty({ description: 'over quota for size:all' }) over_quota!: boolean;
}

export class QuotaOverviewTotal {
  @ApiProperty({ type: 'integer', format: 'int64', description: 'users and organizations' }) owners!: number;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'owners over quota for size:all' }) owners_over_quota!: number;
  @ApiProperty({ type: QuotaUsed }) used!: QuotaUsed;
  @ApiProperty(SUBJECT_BYTES_SCHEMA) subjects!: Record<string, number>;
}
