import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * A webhook. Its scope is `repo_id` (a repository's hook), else `owner_id` (a
 * user's or organization's hook), else `is_system` (a site administrator's
 * system hook). Secret and authorization header are sealed by the server.
 * A hook goes with its repository or owner.
 */
@Entity('webhook')
@Index('ix_webhook_repo', ['repoId'])
@Index('ix_webhook_owner', ['ownerId'])
export class WebhookEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer', nullable: true })
  repoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_webhook_repo' })
  repo?: RepositoryEntity;

  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_webhook_owner' })
  owner?: OwnerEntity;

  @Column({ name: 'is_system', type: 'boolean', default: false })
  isSystem!: boolean;

  @Column({ type: 'varchar', length: 16 })
  type!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 8 })
  contentType!: string;

  /** The chosen event types, comma-separated. */
  @Column({ type: 'text' })
  events!: string;

  @Column({ name: 'branch_filter', type: 'text', default: '' })
  branchFilter!: string;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ name: 'secret_sealed', type: 'text', default: '' })
  secretSealed!: string;

  @Column({ name: 'authorization_header_sealed', type: 'text', default: '' })
  authorizationHeaderSealed!: string;

  @Column({ name: 'last_status', type: 'varchar', length: 8, default: 'none' })
  lastStatus!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}
