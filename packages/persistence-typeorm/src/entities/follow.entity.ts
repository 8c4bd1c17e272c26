import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/** A user (`userId`) following another (`followId`). */
@Entity('follow')
@Index('ux_follow_user_follow', ['userId', 'followId'], { unique: true })
@Index('ix_follow_follow', ['followId'])
export class FollowEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_follow_user' })
  user?: OwnerEntity;

  @Column({ name: 'follow_id', type: 'integer' })
  followId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'follow_id', foreignKeyConstraintName: 'fk_follow_follow' })
  followed?: OwnerEntity;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
