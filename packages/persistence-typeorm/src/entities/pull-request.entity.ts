import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { PullRequest } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * The git side of a pull request: which branch of its repository is proposed
 * for which other one. Its number, title, state and author are on its issue.
 */
@Entity('pull_request')
export class PullRequestEntity implements PullRequest {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('uq_pull_request_issue', { unique: true })
  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  // One pull request per issue (the unique index); ManyToOne keeps TypeORM from adding its own unnamed unique constraint.
  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_pull_request_issue' })
  issue?: IssueEntity;

  /** The repository the head branch lives in (this one's, or a fork); null once that fork is deleted. */
  @Index('ix_pull_request_head_repo')
  @Column({ name: 'head_repo_id', type: 'integer', nullable: true })
  headRepoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'head_repo_id', foreignKeyConstraintName: 'fk_pull_request_head_repo' })
  headRepo?: RepositoryEntity;

  @Column({ name: 'head_branch', type: 'varchar', length: 255 })
  headBranch!: string;

  @Column({ name: 'base_branch', type: 'varchar', length: 255 })
  baseBranch!: string;

  /** The common ancestor of head and base when the pull request was opened or retargeted. */
  @Column({ name: 'merge_base', type: 'varchar', length: 64, default: '' })
  mergeBase!: string;

  @Column({ name: 'has_merged', type: 'boolean', default: false })
  hasMerged!: boolean;

  @Column({ name: 'merged_at', ...timestampColumn({ nullable: true }) })
  mergedAt!: Date | null;

  @Column({ name: 'merged_commit_id', type: 'varchar', length: 64, nullable: true })
  mergedCommitId!: string | null;

  /** The user who merged it (or marked it merged); null until then. */
  @Column({ name: 'merger_id', type: 'integer', nullable: true })
  mergerId!: number | null;
}
