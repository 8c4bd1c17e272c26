import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { CodeChallengeMethod, OAuth2Application, OAuth2AuthorizationCode, OAuth2Grant, OAuth2TokenKind } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';
import { timestampColumn } from '../columns';

/** Redirect URIs are a JSON array in one text column: they are only ever read and written whole. */
const jsonList = {
  to: (value: string[] | undefined) => (value === undefined ? value : JSON.stringify(value)),
  from: (value: string | null) => (value === null ? [] : (JSON.parse(value) as string[])),
};

/** An OAuth2 application a user registered (the client secret only as a salted hash). */
@Entity('oauth2_application')
export class OAuth2ApplicationEntity implements OAuth2Application {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_oauth2_application_owner')
  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_oauth2_application_owner' })
  owner?: OwnerEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Index('ux_oauth2_application_client_id', { unique: true })
  @Column({ name: 'client_id', type: 'varchar', length: 64 })
  clientId!: string;

  @Column({ name: 'client_secret_hash', type: 'varchar', length: 128 })
  clientSecretHash!: string;

  @Column({ name: 'client_secret_salt', type: 'varchar', length: 64 })
  clientSecretSalt!: string;

  @Column({ name: 'redirect_uris', type: 'text', transformer: jsonList })
  redirectUris!: string[];

  @Column({ name: 'confidential_client', type: 'boolean', default: true })
  confidentialClient!: boolean;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}

/** A user's consent to an application; one per pair. */
@Entity('oauth2_grant')
@Index('ux_oauth2_grant_application_user', ['applicationId', 'userId'], { unique: true })
export class OAuth2GrantEntity implements OAuth2Grant {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'application_id', type: 'integer' })
  applicationId!: number;

  @ManyToOne(() => OAuth2ApplicationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'application_id', foreignKeyConstraintName: 'fk_oauth2_grant_application' })
  application?: OAuth2ApplicationEntity;

  @Index('ix_oauth2_grant_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_oauth2_grant_user' })
  user?: OwnerEntity;

  @Column({ type: 'varchar', length: 1024, default: '' })
  scope!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  nonce!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}

/** An authorization code, hashed; deleted when exchanged. */
@Entity('oauth2_authorization_code')
export class OAuth2AuthorizationCodeEntity implements OAuth2AuthorizationCode {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_oauth2_authorization_code_grant')
  @Column({ name: 'grant_id', type: 'integer' })
  grantId!: number;

  @ManyToOne(() => OAuth2GrantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'grant_id', foreignKeyConstraintName: 'fk_oauth2_authorization_code_grant' })
  grant?: OAuth2GrantEntity;

  @Index('ux_oauth2_authorization_code_hash', { unique: true })
  @Column({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash!: string;

  @Column({ name: 'redirect_uri', type: 'text' })
  redirectUri!: string;

  @Column({ name: 'code_challenge', type: 'varchar', length: 255, default: '' })
  codeChallenge!: string;

  @Column({ name: 'code_challenge_method', type: 'varchar', length: 16, default: '' })
  codeChallengeMethod!: CodeChallengeMethod | '';

  @Column({ name: 'expires_at', ...timestampColumn() })
  expiresAt!: Date;
}

/** An access or refresh token issued under a grant, hashed. */
@Entity('oauth2_token')
export class OAuth2TokenEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_oauth2_token_grant')
  @Column({ name: 'grant_id', type: 'integer' })
  grantId!: number;

  @ManyToOne(() => OAuth2GrantEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'grant_id', foreignKeyConstraintName: 'fk_oauth2_token_grant' })
  grant?: OAuth2GrantEntity;

  @Column({ type: 'varchar', length: 16 })
  kind!: OAuth2TokenKind;

  @Index('ux_oauth2_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', ...timestampColumn() })
  expiresAt!: Date;
}
