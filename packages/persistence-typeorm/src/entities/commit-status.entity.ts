import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { CommitStatus, CommitStatusState } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';
import { timestampColumn } from '../columns';

/** A status reported on a commit (rows are only ever added; the newest of a context counts). */
@Entity('commit_status')
@Index('ix_commit_status_repo_sha', ['repoId', 'sha'])
export class CommitStatusEntity implements CommitStatus {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_commit_status_repo' })
  repository?: RepositoryEntity;

  @Column({ type: 'varchar', length: 64 })
  sha!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: CommitStatusState;

  @Column({ type: 'varchar', length: 255 })
  context!: string;

  @Column({ name: 'target_url', type: 'text' })
  targetUrl!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'creator_id', type: 'integer', nullable: true })
  creatorId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'creator_id', foreignKeyConstraintName: 'fk_commit_status_creator' })
  creator?: OwnerEntity;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
