import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { LfsObject } from '@bellows/domain';
import { bytesColumn, timestampColumn } from '../columns';

/**
 * A Git LFS object, stored once by its oid (the sha256 of its content) under
 * `[storage] PATH/lfs`, whichever repositories reference it.
 */
@Entity('lfs_object')
export class LfsObjectEntity implements LfsObject {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  oid!: string;

  @Column(bytesColumn())
  size!: number;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
