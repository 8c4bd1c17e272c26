import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { IssueComment } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/**
 * One entry of an issue's timeline: a user's comment (type 0) or an event (a
 * label added, the title changed, a reference from another issue, …). `type`
 * uses Forgejo's comment type numbers (see apps/server timeline-types), so the
 * API can name it as Forgejo does. Only the columns of the event's kind are set.
 *
 * label_id, milestone ids and ref ids carry no foreign keys on purpose: an
 * event keeps telling what happened after the label or milestone is deleted.
 */
@Entity('comment')
@Index('ix_comment_issue_created', ['issueId', 'createdAt'])
export class CommentEntity implements IssueComment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_comment_issue' })
  issue?: IssueEntity;

  @Column({ type: 'integer' })
  type!: number;

  /** Who wrote it or caused the event; null once that account is deleted (the ghost user). */
  @Index('ix_comment_poster')
  @Column({ name: 'poster_id', type: 'integer', nullable: true })
  posterId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'poster_id', foreignKeyConstraintName: 'fk_comment_poster' })
  poster?: OwnerEntity | null;

  /** The comment's text (type 0); empty for most events. */
  @Column({ type: 'text', default: '' })
  content!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;

  /** Label events: the label added or removed. */
  @Column({ name: 'label_id', type: 'integer', nullable: true })
  labelId!: number | null;

  /** Milestone events: the milestone left and the one entered (null: none). */
  @Column({ name: 'old_milestone_id', type: 'integer', nullable: true })
  oldMilestoneId!: number | null;

  @Column({ name: 'milestone_id', type: 'integer', nullable: true })
  milestoneId!: number | null;

  /** Assignee events: the user assigned or unassigned. */
  @Column({ name: 'assignee_id', type: 'integer', nullable: true })
  assigneeId!: number | null;

  /** Label and assignee events: true when the label or assignee was removed rather than added. */
  @Column({ name: 'is_removal', type: 'boolean', default: false })
  isRemoval!: boolean;

  /** Title changes. */
  @Column({ name: 'old_title', type: 'varchar', length: 255, nullable: true })
  oldTitle!: string | null;

  @Column({ name: 'new_title', type: 'varchar', length: 255, nullable: true })
  newTitle!: string | null;

  /** Cross-references: the issue (and comment, when a comment made it) that mentions this issue. */
  @Index('ix_comment_ref_issue')
  @Column({ name: 'ref_issue_id', type: 'integer', nullable: true })
  refIssueId!: number | null;

  @Column({ name: 'ref_comment_id', type: 'integer', nullable: true })
  refCommentId!: number | null;

  /** Time entries (add, stop, delete): the tracked time they are about. */
  @Column({ name: 'time_id', type: 'integer', nullable: true })
  timeId?: number | null;

  /** Dependency entries: the other issue of the dependency. */
  @Column({ name: 'dependent_issue_id', type: 'integer', nullable: true })
  dependentIssueId?: number | null;
}
