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

  /** The other digests (hex): null until first computed (see PackageBlob). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  md5!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  sha1!: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  sha512!: string | null;
}
