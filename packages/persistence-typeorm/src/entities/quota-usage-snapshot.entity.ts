import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bytesColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/**
 * One day's figure of one owner's bucket, copied from the usage ledger (summed
 * over its stripes) by the daily snapshot job. Read by TypeOrmQuotaSnapshotStore
 * with hand-written SQL; the entity exists so the schema stays described.
 */
@Entity('quota_usage_snapshot')
export class QuotaUsageSnapshotEntity {
  @PrimaryColumn({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_quota_usage_snapshot_owner' })
  owner?: OwnerEntity;

  /** The UTC day, `YYYY-MM-DD`. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  @Index('ix_quota_usage_snapshot_day')
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  bucket!: string;

  @Column(bytesColumn())
  bytes!: number;
}
