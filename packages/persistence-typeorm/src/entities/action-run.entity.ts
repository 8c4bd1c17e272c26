import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { RepositoryEntity } from './repository.entity';
import type { ActionRun } from '@bellows/domain';

/**
 * A workflow run registered by an external CI system. Bellows runs nothing
 * itself: the run exists so that its runtime token can upload artifacts.
 * `runNumber` counts the repository's runs from 1.
 */
@Entity('action_run')
@Index('uq_action_run_repo_number', ['repoId', 'runNumber'], { unique: true })
export class ActionRunEntity implements ActionRun {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_action_run_repo' })
  repository?: RepositoryEntity;

  @Column({ name: 'run_number', type: 'integer' })
  runNumber!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 64 })
  event!: string;

  @Column({ name: 'workflow_id', type: 'varchar', length: 255 })
  workflowId!: string;

  @Column({ name: 'head_branch', type: 'varchar', length: 255 })
  headBranch!: string;

  @Column({ name: 'head_sha', type: 'varchar', length: 64 })
  headSha!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  /** Who registered the run; null once that account is gone. */
  @Column({ name: 'triggering_user_id', type: 'integer', nullable: true })
  triggeringUserId!: number | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
