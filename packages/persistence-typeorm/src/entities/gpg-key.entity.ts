import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/**
 * A GPG key of a user: a primary key (primary_key_id '') or one of its
 * subkeys (primary_key_id = the primary key's key id), as Forgejo's table.
 */
@Entity('gpg_key')
@Index('ix_gpg_key_owner', ['ownerId'])
@Index('ix_gpg_key_primary_key_id', ['primaryKeyId'])
export class GpgKeyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_gpg_key_owner' })
  owner?: OwnerEntity;

  @Column({ name: 'primary_key_id', type: 'varchar', length: 16, default: '' })
  primaryKeyId!: string;

  /** Unique: a key id is held once on the site (subkey ids included). */
  @Index('ux_gpg_key_key_id', { unique: true })
  @Column({ name: 'key_id', type: 'varchar', length: 16 })
  keyId!: string;

  @Column({ type: 'text', default: '' })
  content!: string;

  /** The armored key as given (primary keys only), as Forgejo's gpg_key_import. */
  @Column({ type: 'text', default: '' })
  armored!: string;

  /** The e-mail addresses of the key's user ids, a JSON array. */
  @Column({ type: 'text', default: '[]' })
  emails!: string;

  @Column({ name: 'can_sign', type: 'boolean', default: false })
  canSign!: boolean;

  @Column({ name: 'can_encrypt_comms', type: 'boolean', default: false })
  canEncryptComms!: boolean;

  @Column({ name: 'can_encrypt_storage', type: 'boolean', default: false })
  canEncryptStorage!: boolean;

  @Column({ name: 'can_certify', type: 'boolean', default: false })
  canCertify!: boolean;

  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'expires_at', ...timestampColumn({ nullable: true }) })
  expiresAt!: Date | null;
}
