import { ApiProperty } from '@nestjs/swagger';

/** One day's figure in a usage history. */
export class QuotaHistoryPointInfo {
  @ApiProperty({ format: 'date', description: 'the UTC day of the snapshot, YYYY-MM-DD' }) date!: string;
  @ApiProperty({ type: 'integer', format: 'int64', description: 'bytes the subject covered that day' }) bytes!: number;
}

/** A subject's daily usage from `from` to `to`; days without a snapshot are absent. */
export class QuotaHistoryInfo {
  @ApiProperty({ example: 'size:all' }) subject!: string;
  @ApiProperty({ format: 'date' }) from!: string;
  @ApiProperty({ format: 'date' }) to!: string;
  @ApiProperty({ type: [QuotaHistoryPointInfo], description: 'oldest first' }) points!: QuotaHistoryPointInfo[];
}
