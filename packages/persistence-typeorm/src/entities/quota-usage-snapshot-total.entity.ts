import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bytesColumn } from '../columns';

/**
 * One day's figure of one bucket for the whole instance: the sum of that
 * day's owner snapshots as the job wrote them (owners deleted since still
 * count on the days they stored something).
 */
@Entity('quota_usage_snapshot_total')
export class QuotaUsageSnapshotTotalEntity {
  /** The UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  bucket!: string;

  @Column(bytesColumn())
  bytes!: number;
}
