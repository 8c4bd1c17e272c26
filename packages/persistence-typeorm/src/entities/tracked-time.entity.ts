import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { TrackedTime } from '@bellows/domain';
import { bytesColumn, timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/** Time a user tracked on an issue; a removed time stays as a row marked deleted, as in Forgejo. */
@Entity('tracked_time')
@Index('ix_tracked_time_issue', ['issueId'])
@Index('ix_tracked_time_user', ['userId'])
export class TrackedTimeEntity implements TrackedTime {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_tracked_time_issue' })
  issue?: IssueEntity;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_tracked_time_user' })
  user?: OwnerEntity;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  /** Seconds (BIGINT, read back as a number on both engines). */
  @Column({ name: 'time', ...bytesColumn() })
  seconds!: number;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;
}
