import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn, timestampColumn } from '../columns';
import { ActionRunEntity } from './action-run.entity';
import type { ArtifactUpload } from '@bellows/domain';

/**
 * An artifact between CreateArtifact and FinalizeArtifact. It counts toward no
 * quota: only a finalized artifact (TypeOrmArtifactStore) does. `storageKey`, `size`
 * and `sha256` are set once the uploaded blocks are assembled into one blob.
 */
@Entity('action_artifact_upload')
@Index('uq_action_artifact_upload_run_name', ['runId', 'name'], { unique: true })
export class ActionArtifactUploadEntity implements ArtifactUpload {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'run_id', type: 'integer' })
  runId!: number;

  @ManyToOne(() => ActionRunEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id', foreignKeyConstraintName: 'fk_action_artifact_upload_run' })
  run?: ActionRunEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'expires_at', ...timestampColumn({ nullable: true }) })
  expiresAt!: Date | null;

  @Column({ name: 'storage_key', type: 'varchar', length: 255, nullable: true })
  storageKey!: string | null;

  @Column({ ...bytesColumn({ nullable: true, default: null }) })
  size!: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  sha256!: string | null;

  @Index('ix_action_artifact_upload_created')
  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
