import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RepositoryEntity } from './repository.entity';

/** A repository's branches and tags as webhooks last saw them (JSON; null until first seen), versioned for compare and swap. */
@Entity('webhook_ref_snapshot')
export class WebhookRefSnapshotEntity {
  @PrimaryColumn({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @Column({ type: 'text', nullable: true })
  refs!: string | null;

  @Column({ type: 'integer', default: 0 })
  version!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_webhook_ref_snapshot_repo' })
  repository?: RepositoryEntity;
}
