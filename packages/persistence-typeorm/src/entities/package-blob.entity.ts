import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PackageBlob } from '@bellows/domain';
import { bytesColumn } from '../columns';

/** Stored package content, shared by every package file with the same SHA-256. */
@Entity('package_blob')
export class PackageBlobEntity implements PackageBlob {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('uq_package_blob_sha256', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  sha256!: string;

  @Column(bytesColumn())
  size!: number;

  /** The other digests, computed in the same pass as the sha256 (hex). */
  @Column({ type: 'varchar', length: 32, default: '' })
  md5!: string;

  @Column({ type: 'varchar', length: 40, default: '' })
  sha1!: string;

  @Column({ type: 'varchar', length: 128, default: '' })
  sha512!: string;
}
