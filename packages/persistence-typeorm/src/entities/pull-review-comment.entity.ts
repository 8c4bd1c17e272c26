import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { PullReviewComment } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { PullReviewEntity } from './pull-review.entity';

/** A comment on a line of a pull request's diff, inside a review. */
@Entity('pull_review_comment')
export class PullReviewCommentEntity implements PullReviewComment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_pull_review_comment_review')
  @Column({ name: 'review_id', type: 'integer' })
  reviewId!: number;

  @ManyToOne(() => PullReviewEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'review_id', foreignKeyConstraintName: 'fk_pull_review_comment_review' })
  review?: PullReviewEntity;

  @Column({ name: 'author_id', type: 'integer' })
  authorId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'fk_pull_review_comment_author' })
  author?: OwnerEntity;

  @Column({ type: 'text' })
  path!: string;

  @Column({ type: 'integer', default: 0 })
  line!: number;

  @Column({ type: 'text', default: '' })
  body!: string;

  @Column({ name: 'commit_id', type: 'varchar', length: 64, default: '' })
  commitId!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}
