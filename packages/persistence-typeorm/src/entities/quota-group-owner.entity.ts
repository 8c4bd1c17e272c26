import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OwnerEntity } from './owner.entity';
import { QuotaGroupEntity } from './quota-group.entity';

/** A group assigned to an owner (user or organization). Deleting either side removes the assignment. */
@Entity('quota_group_owner')
@Index('uq_quota_group_owner_owner_group', ['ownerId', 'groupId'], { unique: true })
export class QuotaGroupOwnerEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_quota_group_owner_group')
  @Column({ name: 'group_id', type: 'integer' })
  groupId!: number;

  @ManyToOne(() => QuotaGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'fk_quota_group_owner_group' })
  group?: QuotaGroupEntity;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_quota_group_owner_owner' })
  owner?: OwnerEntity;
}
