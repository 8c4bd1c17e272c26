import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn, timestampColumn } from '../columns';
import type { Repository } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';

/**
 * A repository. Sizes are written by the code
 * that changes the data (push, LFS upload) through RepositoryStore, which keeps
 * the owner's usage ledger in step.
 */
@Entity('repository')
@Index('uq_repository_owner_lower_name', ['ownerId', 'lowerName'], { unique: true })
export class RepositoryEntity implements Repository {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_repository_owner' })
  owner?: OwnerEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'lower_name', type: 'varchar', length: 100 })
  lowerName!: string;

  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate!: boolean;

  @Column({ type: 'varchar', length: 2048, default: '' })
  description!: string;

  @Column({ type: 'varchar', length: 1024, default: '' })
  website!: string;

  /** The branch HEAD points at; it need not exist while the repository is empty. */
  @Column({ name: 'default_branch', type: 'varchar', length: 255, default: 'main' })
  defaultBranch!: string;

  /** True until the first commit arrives (auto_init, push, or a file written through the API). */
  @Column({ name: 'is_empty', type: 'boolean', default: true })
  isEmpty!: boolean;

  @Column({ name: 'is_archived', type: 'boolean', default: false })
  isArchived!: boolean;

  /** Bytes of git data, LFS objects not included. */
  @Column({ name: 'git_size', ...bytesColumn() })
  gitSize!: number;

  /** Bytes of the LFS objects the repository references. */
  @Column({ name: 'lfs_size', ...bytesColumn() })
  lfsSize!: number;

  /**
   * The repository this one was forked from; the database sets it to null
   * when the parent is deleted. Written on insert only.
   */
  @Index('ix_repository_fork')
  @Column({ name: 'fork_id', type: 'integer', nullable: true, update: false })
  forkId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'fork_id', foreignKeyConstraintName: 'fk_repository_fork' })
  parent?: RepositoryEntity;

  /** How many forks exist. Written only by the atomic increments of fork insertion and deletion, never by saving a loaded row. */
  @Column({ name: 'num_forks', type: 'integer', default: 0, update: false })
  numForks!: number;

  /** How many users starred it. Written only by the atomic increments of the star store, never by saving a loaded row. */
  @Column({ name: 'num_stars', type: 'integer', default: 0, update: false })
  numStars!: number;

  /** How many users watch it explicitly. Written only by the atomic increments of the watch store, never by saving a loaded row. */
  @Column({ name: 'num_watches', type: 'integer', default: 0, update: false })
  numWatches!: number;

  /**
   * The highest issue/pull request number given out so far (numbers are never
   * reused). Written only by `nextIssueIndex`, never by saving a loaded row.
   */
  @Column({ name: 'last_issue_index', type: 'integer', default: 0, update: false, select: false })
  lastIssueIndex?: number;

  /** The sha256 of its uploaded avatar (a blob in `avatars/`); null when it shows none. Written by id by the avatar store. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  avatar?: string | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}
