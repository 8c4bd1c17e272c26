import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { PullReview, ReviewState } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/** A review of a pull request (its issue), or a request to review it. */
@Entity('pull_review')
@Index('ix_pull_review_issue_reviewer', ['issueId', 'reviewerId'])
export class PullReviewEntity implements PullReview {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_pull_review_issue' })
  issue?: IssueEntity;

  @Column({ name: 'reviewer_id', type: 'integer' })
  reviewerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reviewer_id', foreignKeyConstraintName: 'fk_pull_review_reviewer' })
  reviewer?: OwnerEntity;

  @Column({ type: 'varchar', length: 16 })
  state!: ReviewState;

  @Column({ type: 'text', default: '' })
  body!: string;

  @Column({ name: 'commit_id', type: 'varchar', length: 64, default: '' })
  commitId!: string;

  @Column({ type: 'boolean', default: false })
  official!: boolean;

  @Column({ type: 'boolean', default: false })
  dismissed!: boolean;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;

  @Column({ name: 'submitted_at', ...timestampColumn({ nullable: true }) })
  submittedAt!: Date | null;
}
