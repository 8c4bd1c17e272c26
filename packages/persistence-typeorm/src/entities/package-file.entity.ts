import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn } from '../columns';
import { PackageBlobEntity } from './package-blob.entity';
import { PackageVersionEntity } from './package-version.entity';
import type { PackageFile } from '@bellows/domain';

/**
 * A file of a package version. Its size is its blob's size, copied here when
 * the file is added, so counting never joins the blobs. Each file counts,
 * even when two files share a blob: the owner is charged per file published.
 */
@Entity('package_file')
@Index('uq_package_file_version_name', ['versionId', 'name'], { unique: true })
export class PackageFileEntity implements PackageFile {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'version_id', type: 'integer' })
  versionId!: number;

  @ManyToOne(() => PackageVersionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'version_id', foreignKeyConstraintName: 'fk_package_file_version' })
  version?: PackageVersionEntity;

  @Index('ix_package_file_blob')
  @Column({ name: 'blob_id', type: 'integer' })
  blobId!: number;

  @ManyToOne(() => PackageBlobEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'blob_id', foreignKeyConstraintName: 'fk_package_file_blob' })
  blob?: PackageBlobEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column(bytesColumn())
  size!: number;
}
