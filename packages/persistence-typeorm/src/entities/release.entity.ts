import type { Release } from '@bellows/domain';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * A release of a repository, named by a git tag (one release per tag). A draft
 * has no tag in git yet: the tag is created when it is published, and only
 * then are `sha1` and `published_at` set. Its attachments are rows of
 * `attachment` with `release_id` (no foreign key: they are deleted through
 * the attachment store so their bytes leave the owner's quota ledger).
 */
@Entity('release')
@Index('uq_release_repo_tag', ['repoId', 'tagName'], { unique: true })
export class ReleaseEntity implements Release {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_release_repo' })
  repository?: RepositoryEntity;

  @Column({ name: 'tag_name', type: 'varchar', length: 255 })
  tagName!: string;

  /** The branch or commit the tag was (or will be) created at. */
  @Column({ name: 'target_commitish', type: 'varchar', length: 255 })
  targetCommitish!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text', default: '' })
  body!: string;

  @Column({ name: 'is_draft', type: 'boolean', default: false })
  isDraft!: boolean;

  @Column({ name: 'is_prerelease', type: 'boolean', default: false })
  isPrerelease!: boolean;

  @Index('ix_release_publisher')
  @Column({ name: 'publisher_id', type: 'integer', nullable: true })
  publisherId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'publisher_id', foreignKeyConstraintName: 'fk_release_publisher' })
  publisher?: OwnerEntity;

  /** The commit the tag points at; null for a draft. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  sha1!: string | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'published_at', ...timestampColumn({ nullable: true }) })
  publishedAt!: Date | null;
}
