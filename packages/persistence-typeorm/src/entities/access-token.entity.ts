import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { AccessToken } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';
import { timestampColumn } from '../columns';

/**
 * A personal access token. Only a salted hash of the token is stored; the last
 * eight characters are kept in clear so that users can tell tokens apart and so
 * that a presented token finds its candidate rows by an index.
 */
@Entity('access_token')
@Index('uq_access_token_owner_name', ['ownerId', 'name'], { unique: true })
export class AccessTokenEntity implements AccessToken {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_access_token_owner' })
  owner?: OwnerEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 255 })
  tokenHash!: string;

  @Column({ name: 'token_salt', type: 'varchar', length: 64 })
  tokenSalt!: string;

  @Index('ix_access_token_last_eight')
  @Column({ name: 'token_last_eight', type: 'varchar', length: 8 })
  tokenLastEight!: string;

  /** Canonical comma-separated scope list, e.g. `read:user,write:repository`. */
  @Column({ type: 'varchar', length: 1024 })
  scopes!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'last_used_at', ...timestampColumn({ nullable: true }) })
  lastUsedAt!: Date | null;
}
