import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn, timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/**
 * A repository, reduced to what the quota engine counts; the repository issue
 * adds its other columns with its own migration. Sizes are written by the code
 * that changes the data (push, LFS upload) through RepositoryStore, which keeps
 * the owner's usage ledger in step.
 */
@Entity('repository')
@Index('uq_repository_owner_lower_name', ['ownerId', 'lowerName'], { unique: true })
export class RepositoryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_repository_owner' })
  owner?: OwnerEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'lower_name', type: 'varchar', length: 100 })
  lowerName!: string;

  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate!: boolean;

  /** Bytes of git data, LFS objects not included. */
  @Column({ name: 'git_size', ...bytesColumn() })
  gitSize!: number;

  /** Bytes of the LFS objects the repository references. */
  @Column({ name: 'lfs_size', ...bytesColumn() })
  lfsSize!: number;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}
