import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';

/** An address a user added beside the primary one (`owner.email`); unique across users, case-insensitively. */
@Entity('email_address')
@Index('ix_email_address_user', ['userId'])
export class EmailAddressEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_email_address_user' })
  user?: OwnerEntity;

  @Column({ type: 'varchar', length: 255 })
  email!: string;

  /** The address lower-cased: unique, so no two users (nor one twice) hold the same address. */
  @Index('ux_email_address_lower_email', { unique: true })
  @Column({ name: 'lower_email', type: 'varchar', length: 255 })
  lowerEmail!: string;

  @Column({ name: 'is_activated', type: 'boolean', default: false })
  isActivated!: boolean;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}
