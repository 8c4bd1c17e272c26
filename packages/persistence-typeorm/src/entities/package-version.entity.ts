import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { PackageEntity } from './package.entity';
import type { PackageVersion } from '@bellows/domain';

/** One version of a package. */
@Entity('package_version')
@Index('uq_package_version_package_version', ['packageId', 'version'], { unique: true })
export class PackageVersionEntity implements PackageVersion {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'package_id', type: 'integer' })
  packageId!: number;

  @ManyToOne(() => PackageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'package_id', foreignKeyConstraintName: 'fk_package_version_package' })
  package?: PackageEntity;

  @Column({ type: 'varchar', length: 255 })
  version!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  /** Who published the version (null once that account is gone). */
  @Column({ name: 'creator_id', type: 'integer', nullable: true })
  creatorId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'creator_id', foreignKeyConstraintName: 'fk_package_version_creator' })
  creator?: OwnerEntity;

  /** Registry-specific metadata as JSON (npm: the version manifest), null when the registry keeps none. */
  @Column({ type: 'text', nullable: true })
  metadata!: string | null;
}
