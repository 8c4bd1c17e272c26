import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Issue } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { MilestoneEntity } from './milestone.entity';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * An issue or a pull request's conversation: both share one number sequence per
 * repository (`index`, shown to users as `#n`), as in Forgejo. Pull requests
 * keep their branches in `pull_request`; issues, comments and labels extend
 * this table in their own migrations.
 */
@Entity('issue')
@Index('uq_issue_repo_index', ['repoId', 'index'], { unique: true })
@Index('ix_issue_repo_pull_closed', ['repoId', 'isPull', 'isClosed'])
export class IssueEntity implements Issue {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_issue_repo' })
  repository?: RepositoryEntity;

  /** The number within the repository, from 1. */
  @Column({ type: 'integer' })
  index!: number;

  /** Who opened it; null once that account is deleted (shown as the ghost user). */
  @Index('ix_issue_poster')
  @Column({ name: 'poster_id', type: 'integer', nullable: true })
  posterId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'poster_id', foreignKeyConstraintName: 'fk_issue_poster' })
  poster?: OwnerEntity | null;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text', default: '' })
  body!: string;

  @Column({ name: 'is_pull', type: 'boolean', default: false })
  isPull!: boolean;

  @Column({ name: 'is_closed', type: 'boolean', default: false })
  isClosed!: boolean;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;

  @Column({ name: 'closed_at', ...timestampColumn({ nullable: true }) })
  closedAt!: Date | null;

  /** When it is due; null when it has no deadline. */
  @Column({ name: 'deadline', ...timestampColumn({ nullable: true }) })
  deadline?: Date | null;

  /** Its place among the pinned issues of its kind, from 1 (0: not pinned). Written only by the pin store's SQL. */
  @Column({ name: 'pin_order', type: 'integer', default: 0, update: false })
  pinOrder?: number;

  /** The milestone it belongs to (added by the issues migration); null when none. */
  @Index('ix_issue_milestone')
  @Column({ name: 'milestone_id', type: 'integer', nullable: true })
  milestoneId!: number | null;

  @ManyToOne(() => MilestoneEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'milestone_id', foreignKeyConstraintName: 'fk_issue_milestone' })
  milestone?: MilestoneEntity | null;
}
