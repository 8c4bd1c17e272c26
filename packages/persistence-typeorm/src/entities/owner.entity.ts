import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Owner, OwnerKind, OwnerVisibility } from '@bellows/domain';
import { timestampColumn } from '../columns';

export type { OwnerKind, OwnerVisibility };

/**
 * Users and organizations share one table and one namespace, as in Forgejo:
 * an owner is either. Organization rows have no password and no e-mail login.
 */
@Entity('owner')
export class OwnerEntity implements Owner {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  name!: string;

  /** Lower-cased name: unique, so names are unique case-insensitively. */
  @Index('uq_owner_lower_name', { unique: true })
  @Column({ name: 'lower_name', type: 'varchar', length: 40 })
  lowerName!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: OwnerKind;

  @Column({ name: 'full_name', type: 'varchar', length: 255, default: '' })
  fullName!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  email!: string;

  /** scrypt hash in the form `scrypt$N$r$p$salt$hash`; null for organizations. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'prohibit_login', type: 'boolean', default: false })
  prohibitLogin!: boolean;

  @Column({ type: 'varchar', length: 16, default: 'public' })
  visibility!: OwnerVisibility;

  @Column({ type: 'varchar', length: 255, default: '' })
  description!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  website!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  location!: string;

  /** TOTP secret, encrypted with the instance secret key; null when never enrolled. */
  @Column({ name: 'totp_secret', type: 'varchar', length: 255, nullable: true })
  totpSecret!: string | null;

  @Column({ name: 'totp_enabled', type: 'boolean', default: false })
  totpEnabled!: boolean;

  /**
   * The 30-second step of the last TOTP code accepted, so that no code is
   * accepted twice (nor one older than it). Written only by
   * OwnerStore.recordTotpUse's conditional UPDATE, never by `save` of a row
   * loaded earlier (which would put back a stale step), and not loaded.
   */
  @Column({ name: 'totp_last_used_step', type: 'integer', nullable: true, update: false, select: false })
  totpLastUsedStep?: number | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;

  @Column({ name: 'last_login_at', ...timestampColumn({ nullable: true }) })
  lastLoginAt!: Date | null;

  /** Written only by the follow store's in-place increments, never by saving a loaded row. */
  @Column({ name: 'num_followers', type: 'integer', default: 0, update: false })
  numFollowers!: number;

  @Column({ name: 'num_following', type: 'integer', default: 0, update: false })
  numFollowing!: number;

  /* The user's settings (Forgejo's UserSettings); organizations keep the defaults. */
  @Column({ name: 'keep_email_private', type: 'boolean', default: true })
  keepEmailPrivate!: boolean;

  @Column({ name: 'keep_activity_private', type: 'boolean', default: false })
  keepActivityPrivate!: boolean;

  @Column({ name: 'keep_pronouns_private', type: 'boolean', default: false })
  keepPronounsPrivate!: boolean;

  @Column({ type: 'varchar', length: 255, default: '' })
  pronouns!: string;

  @Column({ type: 'varchar', length: 16, default: '' })
  language!: string;

  @Column({ type: 'varchar', length: 255, default: 'forgejo-auto' })
  theme!: string;

  @Column({ name: 'diff_view_style', type: 'varchar', length: 16, default: '' })
  diffViewStyle!: string;

  @Column({ name: 'enable_repo_unit_hints', type: 'boolean', default: true })
  enableRepoUnitHints!: boolean;

  /** The sha256 of the uploaded avatar (a blob in `avatars/`); null for the generated default. Read and written only by the avatar store. */
  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  avatar?: string | null;
}
