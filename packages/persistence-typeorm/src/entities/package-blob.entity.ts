import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn } from '../columns';

/** Stored package content, shared by every package file with the same SHA-256. */
@Entity('package_blob')
export class PackageBlobEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('uq_package_blob_sha256', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  sha256!: string;

  @Column(bytesColumn())
  size!: number;
}
