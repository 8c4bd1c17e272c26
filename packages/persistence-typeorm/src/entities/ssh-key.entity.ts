import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { SshKey } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';
import { timestampColumn } from '../columns';

/**
 * An SSH public key: a user's (owner_id set) or a repository's deploy key
 * (repo_id set). `scope` is `user` for every user's key and `repo:<id>` for a
 * deploy key, so that one unique index says "a user's key belongs to one user"
 * and "a repository has a deploy key once" on both engines. Titles are unique
 * per user and per repository (a NULL owner or repository never clashes).
 */
@Entity('ssh_key')
@Index('uq_ssh_key_fingerprint_scope', ['fingerprint', 'scope'], { unique: true })
@Index('uq_ssh_key_owner_title', ['ownerId', 'title'], { unique: true })
@Index('uq_ssh_key_repo_title', ['repoId', 'title'], { unique: true })
export class SshKeyEntity implements SshKey {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_ssh_key_owner' })
  owner?: OwnerEntity;

  @Column({ name: 'repo_id', type: 'integer', nullable: true })
  repoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_ssh_key_repo' })
  repository?: RepositoryEntity;

  @Column({ type: 'varchar', length: 64 })
  scope!: string;

  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'varchar', length: 128 })
  fingerprint!: string;

  @Column({ name: 'read_only', type: 'boolean', default: false })
  readOnly!: boolean;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}

/** The `scope` column's value for a key: see SshKeyEntity. */
export function sshKeyScope(key: Pick<SshKey, 'repoId'>): string {
  return key.repoId === null ? 'user' : `repo:${key.repoId}`;
}
