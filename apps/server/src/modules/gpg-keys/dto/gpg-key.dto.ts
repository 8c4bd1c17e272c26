import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { GpgKey } from '@bellows/domain';

/** Forgejo's CreateGPGKeyOption. */
export class CreateGPGKeyOption {
  @ApiProperty({ description: 'An armored GPG key to add' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64 * 1024)
  armored_public_key!: string;

  @ApiPropertyOptional({ description: 'A detached armored signature of the verification token, made with the key' })
  @IsOptional()
  @IsString()
  @MaxLength(16 * 1024)
  armored_signature?: string;
}

/** Forgejo's VerifyGPGKeyOption. */
export class VerifyGPGKeyOption {
  @ApiProperty({ description: 'An Signature for a GPG key token' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  key_id!: string;

  @ApiProperty({ description: 'A detached armored signature of the verification token, made with the key' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(16 * 1024)
  armored_signature!: string;
}

/** Forgejo's GPGKeyEmail. */
export class ApiGpgKeyEmail {
  @ApiProperty() email!: string;
  @ApiProperty() verified!: boolean;
}

/** Forgejo's GPGKey (subkeys carry the same fields, with their primary key's id in `primary_key_id`). */
export class ApiGpgKey {
  @ApiProperty() id!: number;
  @ApiProperty() primary_key_id!: string;
  @ApiProperty() key_id!: string;
  @ApiProperty() public_key!: string;
  @ApiProperty({ type: [ApiGpgKeyEmail] }) emails!: ApiGpgKeyEmail[];
  @ApiProperty({ type: 'array', items: { type: 'object' } }) subkeys!: ApiGpgKey[];
  @ApiProperty() can_sign!: boolean;
  @ApiProperty() can_encrypt_comms!: boolean;
  @ApiProperty() can_encrypt_storage!: boolean;
  @ApiProperty() can_certify!: boolean;
  @ApiProperty() verified!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', description: '1970-01-01T00:00:00Z when the key does not expire, as Forgejo' })
  expires_at!: string;
}

/** Forgejo's epoch for "never expires" (an expiry of 0 seconds). */
const NEVER = new Date(0).toISOString().replace('.000Z', 'Z');

/** The key as Forgejo shows it; `emails` are those of its user ids that are activated addresses of the owner. */
export function toApiGpgKey(key: GpgKey, ownerEmails: ReadonlySet<string>): ApiGpgKey {
  return {
    id: key.id,
    primary_key_id: key.primaryKeyId,
    key_id: key.keyId,
    public_key: key.content,
    emails: key.emails.filter((email) => ownerEmails.has(email.toLowerCase())).map((email) => ({ email, verified: true })),
    subkeys: key.subkeys.map((subkey) => toApiGpgKey(subkey, new Set())),
    can_sign: key.canSign,
    can_encrypt_comms: key.canEncryptComms,
    can_encrypt_storage: key.canEncryptStorage,
    can_certify: key.canCertify,
    verified: key.verified,
    created_at: iso(key.createdAt),
    expires_at: key.expiresAt ? iso(key.expiresAt) : NEVER,
  };
}

function iso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
