import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Reaction } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { CommentEntity } from './comment.entity';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/**
 * A user's reaction (`+1`, `heart`…) on an issue or on one of its comments.
 * Two partial unique indexes (issue-level, comment-level) make each reaction
 * once per user: a plain one would let NULL comment ids repeat.
 */
@Entity('reaction')
@Index('uq_reaction_issue_user_type', ['issueId', 'userId', 'content'], { unique: true, where: 'comment_id IS NULL' })
@Index('uq_reaction_comment_user_type', ['commentId', 'userId', 'content'], { unique: true, where: 'comment_id IS NOT NULL' })
export class ReactionEntity implements Reaction {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_reaction_issue')
  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_reaction_issue' })
  issue?: IssueEntity;

  @Column({ name: 'comment_id', type: 'integer', nullable: true })
  commentId!: number | null;

  @ManyToOne(() => CommentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'comment_id', foreignKeyConstraintName: 'fk_reaction_comment' })
  comment?: CommentEntity;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_reaction_user' })
  user?: OwnerEntity;

  @Column({ name: 'type', type: 'varchar', length: 64 })
  content!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
