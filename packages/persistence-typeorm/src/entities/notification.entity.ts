import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { NotificationSource, NotificationStatus, NotificationThread } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * A notification thread: one per user and issue (or pull request). Each new
 * event on the issue makes the thread unread again and moves its update date.
 */
@Entity('notification')
@Index('uq_notification_user_issue', ['userId', 'issueId'], { unique: true })
@Index('ix_notification_user_status_updated', ['userId', 'status', 'updatedAt'])
export class NotificationEntity implements NotificationThread {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_notification_user' })
  user?: OwnerEntity;

  @Index('ix_notification_repo')
  @Column({ name: 'repo_id', type: 'integer', nullable: true })
  repoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_notification_repo' })
  repository?: RepositoryEntity;

  @Index('ix_notification_issue')
  @Column({ name: 'issue_id', type: 'integer', nullable: true })
  issueId!: number | null;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_notification_issue' })
  issue?: IssueEntity;

  /**
   * The quota event of a `quota` thread (no repository, no issue). No foreign
   * key: quota_event has no entity; a thread whose event is gone (its
   * organization deleted) is left out of every list.
   */
  @Index('ix_notification_quota_event')
  @Column({ name: 'quota_event_id', type: 'integer', nullable: true })
  quotaEventId!: number | null;

  /** The latest comment the thread points at; it may since have been deleted. */
  @Column({ name: 'comment_id', type: 'integer', nullable: true })
  commentId!: number | null;

  @Column({ type: 'varchar', length: 16 })
  status!: NotificationStatus;

  @Column({ type: 'varchar', length: 16 })
  source!: NotificationSource;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}
