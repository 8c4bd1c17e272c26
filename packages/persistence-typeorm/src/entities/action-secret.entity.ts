import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';
import type { ActionSecret } from '@bellows/domain';

/**
 * An actions secret of a user, an organization (ownerId set) or a repository
 * (repoId set). `scope` ('owner:<id>' or 'repo:<id>') makes names unique per
 * holder on both engines (a unique index over nullable columns would not);
 * names are stored upper-cased, so uniqueness is case-insensitive. `data` is
 * sealed (AES-256-GCM) by the server: the plaintext never reaches the database.
 */
@Entity('action_secret')
@Index('uq_action_secret_scope_name', ['scope', 'name'], { unique: true })
export class ActionSecretEntity implements ActionSecret {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 32 })
  scope!: string;

  @Index('ix_action_secret_owner')
  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_action_secret_owner' })
  owner?: OwnerEntity;

  @Index('ix_action_secret_repo')
  @Column({ name: 'repo_id', type: 'integer', nullable: true })
  repoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_action_secret_repo' })
  repository?: RepositoryEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text' })
  data!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
