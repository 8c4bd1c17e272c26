import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PackageVersionEntity } from './package-version.entity';
import { PackageEntity } from './package.entity';

/** A named pointer at one version of a package (npm's dist-tags: `latest`, `beta`, …). */
@Entity('package_dist_tag')
@Index('uq_package_dist_tag_package_name', ['packageId', 'name'], { unique: true })
export class PackageDistTagEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'package_id', type: 'integer' })
  packageId!: number;

  @ManyToOne(() => PackageEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'package_id', foreignKeyConstraintName: 'fk_package_dist_tag_package' })
  package?: PackageEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Index('ix_package_dist_tag_version')
  @Column({ name: 'version_id', type: 'integer' })
  versionId!: number;

  @ManyToOne(() => PackageVersionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'version_id', foreignKeyConstraintName: 'fk_package_dist_tag_version' })
  version?: PackageVersionEntity;
}
