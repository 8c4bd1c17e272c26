import { ApiProperty } from '@nestjs/swagger';
import { Owner, QuotaEvent } from '@bellows/domain';
import { crossingFields } from '../quota-warning-shapes';

/** The owner an event is about, as the quota overview shows owners. */
export class QuotaEventOwner {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ description: 'the login (user or organization name)' }) name!: string;
  @ApiProperty({ enum: ['user', 'organization'] }) type!: 'user' | 'organization';
}

/** A crossing of a `[quota] WARN_AT` threshold by one rule of an owner's groups. */
export class ApiQuotaEvent {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ type: QuotaEventOwner }) owner!: QuotaEventOwner;
  @ApiProperty({ description: 'the quota group of the rule (builtin-default-group for [quota.default] TOTAL)' }) group!: string;
  @ApiProperty() rule!: string;
  @ApiProperty({ type: [String] }) subjects!: string[];
  @ApiProperty({ type: 'integer', format: 'int64', description: "the rule's limit in bytes when the event was recorded" })
  limit!: number;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'the bytes the rule counted when the event was recorded' })
  usage!: number;
  @ApiProperty({ type: 'number', description: 'usage as a percent of limit, two decimals (100 for a limit of 0 once anything is stored)' })
  percent!: number;
  @ApiProperty({ type: 'integer', description: 'the WARN_AT percent crossed' }) threshold!: number;
  @ApiProperty({ enum: ['up', 'down'] }) direction!: 'up' | 'down';
  @ApiProperty({ format: 'date-time' }) created!: string;
}

export function toEventOwner(owner: Owner): QuotaEventOwner {
  return { id: owner.id, name: owner.name, type: owner.kind === 'organization' ? 'organization' : 'user' };
}

export function toApiQuotaEvent(event: QuotaEvent, owner: Owner): ApiQuotaEvent {
  return {
    id: event.id,
    owner: toEventOwner(owner),
    ...crossingFields(event),
  };
}
