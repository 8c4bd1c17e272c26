import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn, timestampColumn } from '../columns';
import { RepositoryEntity } from './repository.entity';
import type { Artifact, ArtifactStatus } from '@bellows/domain';

export type { ArtifactStatus };

/**
 * An actions artifact. It counts (compressed size) toward the repository owner
 * while its status is `active`; the expiry job sets `expired` through
 * TypeOrmArtifactStore, which takes it off the ledger in the same transaction.
 */
@Entity('action_artifact')
export class ActionArtifactEntity implements Artifact {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_action_artifact_repo')
  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_action_artifact_repo' })
  repository?: RepositoryEntity;

  @Column({ name: 'run_id', type: 'integer' })
  runId!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'compressed_size', ...bytesColumn() })
  compressedSize!: number;

  @Column({ name: 'expires_at', ...timestampColumn({ nullable: true }) })
  expiresAt!: Date | null;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status!: ArtifactStatus;

  /** Where the zip lives under `[storage] PATH`, its sha256 and when it was finalized (added by the actions migration; null on older rows). */
  @Column({ name: 'storage_key', type: 'varchar', length: 255, nullable: true })
  storageKey!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  sha256!: string | null;

  @Column({ name: 'created_at', ...timestampColumn({ nullable: true }) })
  createdAt!: Date | null;
}
