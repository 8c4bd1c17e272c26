import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Stopwatch } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/** A running stopwatch; the unique user index keeps it to one per user, even when two starts race. */
@Entity('stopwatch')
@Index('ux_stopwatch_user', ['userId'], { unique: true })
@Index('ix_stopwatch_issue', ['issueId'])
export class StopwatchEntity implements Stopwatch {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_stopwatch_issue' })
  issue?: IssueEntity;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_stopwatch_user' })
  user?: OwnerEntity;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
