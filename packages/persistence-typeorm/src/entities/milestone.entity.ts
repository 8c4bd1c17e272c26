import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Milestone } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { RepositoryEntity } from './repository.entity';

/**
 * A milestone of a repository. Its open and closed issue counts are not stored:
 * they are counted from the issues that point at it, so they can never drift.
 * `updated_at` follows the update-date policy (the latest update date of the
 * issues put into it, see @bellows/domain `milestoneUpdateDate`).
 */
@Entity('milestone')
export class MilestoneEntity implements Milestone {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_milestone_repo')
  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_milestone_repo' })
  repository?: RepositoryEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ name: 'is_closed', type: 'boolean', default: false })
  isClosed!: boolean;

  @Column({ name: 'due_on', ...timestampColumn({ nullable: true }) })
  dueOn!: Date | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;

  @Column({ name: 'closed_at', ...timestampColumn({ nullable: true }) })
  closedAt!: Date | null;
}
