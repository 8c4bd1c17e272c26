import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/** A user or organization (`blockerId`) blocking a user (`blockedId`). */
@Entity('user_block')
@Index('ux_user_block_blocker_blocked', ['blockerId', 'blockedId'], { unique: true })
@Index('ix_user_block_blocked', ['blockedId'])
export class UserBlockEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'blocker_id', type: 'integer' })
  blockerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocker_id', foreignKeyConstraintName: 'fk_user_block_blocker' })
  blocker?: OwnerEntity;

  @Column({ name: 'blocked_id', type: 'integer' })
  blockedId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'blocked_id', foreignKeyConstraintName: 'fk_user_block_blocked' })
  blocked?: OwnerEntity;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
