import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bytesColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/**
 * The usage ledger: bytes an owner stores in one leaf bucket of the quota
 * domain (`repos:public`, `attachments:issues`, …), possibly spread over a few
 * stripes that add up (see UsageLedger: concurrent writers of one owner take
 * different stripes). The stores that change sized rows adjust it in the same
 * transaction, so reading an owner's usage is one primary-key range read
 * however many objects it stores. A missing row means 0.
 */
@Entity('owner_quota_usage')
export class OwnerQuotaUsageEntity {
  @PrimaryColumn({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_owner_quota_usage_owner' })
  owner?: OwnerEntity;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  bucket!: string;

  /** Which of the owner's rows for the bucket this is; the bucket's figure is the sum over them. */
  @PrimaryColumn({ type: 'integer', default: 0 })
  stripe!: number;

  @Column(bytesColumn())
  bytes!: number;
}
