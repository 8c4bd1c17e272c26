import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/**
 * A user's explicit choice on an issue: subscribed (notified of its events)
 * or unsubscribed (not notified, even as a repository watcher or participant).
 */
@Entity('issue_watch')
@Index('uq_issue_watch_user_issue', ['userId', 'issueId'], { unique: true })
export class IssueWatchEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_issue_watch_user' })
  user?: OwnerEntity;

  @Index('ix_issue_watch_issue')
  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_issue_watch_issue' })
  issue?: IssueEntity;

  @Column({ name: 'is_watching', type: 'boolean', default: true })
  isWatching!: boolean;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}
