import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { bytesColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/**
 * The usage ledger: bytes an owner stores in one leaf bucket of the quota
 * domain (`repos:public`, `attachments:issues`, …). The stores that change sized
 * rows adjust it in the same transaction, so reading an owner's usage is one
 * primary-key lookup however many objects it stores. A missing row means 0.
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

  @Column(bytesColumn())
  bytes!: number;
}
