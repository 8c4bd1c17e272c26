import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';
import type { Package } from '@bellows/domain';

/**
 * A package of an owner's registry. It may be linked to one of the owner's
 * repositories; either way its files count toward the owner.
 */
@Entity('package')
@Index('uq_package_owner_type_lower_name', ['ownerId', 'type', 'lowerName'], { unique: true })
export class PackageEntity implements Package {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_package_owner' })
  owner?: OwnerEntity;

  @Index('ix_package_repo')
  @Column({ name: 'repo_id', type: 'integer', nullable: true })
  repoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_package_repo' })
  repository?: RepositoryEntity;

  /** Registry type: `generic`, `npm`, … */
  @Column({ type: 'varchar', length: 32 })
  type!: string;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'lower_name', type: 'varchar', length: 255 })
  lowerName!: string;
}
