import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { LfsObjectReference } from '@bellows/domain';
import { LfsObjectEntity } from './lfs-object.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * A repository's reference to an LFS object: the object was uploaded to (or
 * found for) this repository, so the repository may download it and its size
 * counts in the repository's `lfs_size`. Deleting the repository drops its references.
 */
@Entity('lfs_object_repository')
export class LfsObjectRepositoryEntity implements LfsObjectReference {
  @PrimaryColumn({ name: 'repo_id', type: 'integer', primaryKeyConstraintName: 'pk_lfs_object_repository' })
  repoId!: number;

  @Index('ix_lfs_object_repository_oid')
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'pk_lfs_object_repository' })
  oid!: string;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_lfs_object_repository_repo' })
  repository?: RepositoryEntity;

  @ManyToOne(() => LfsObjectEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'oid', foreignKeyConstraintName: 'fk_lfs_object_repository_object' })
  object?: LfsObjectEntity;
}
