import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import { ActionSecret } from '@bellows/domain';

/** Forgejo's Secret: never the value. */
export class ApiSecret {
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class CreateOrUpdateSecretOption {
  @ApiProperty({ description: 'the secret value; stored encrypted, never returned' })
  @IsDefined()
  @IsString()
  @MaxLength(64 * 1024)
  data!: string;
}

export function toApiSecret(secret: ActionSecret): ApiSecret {
  return { name: secret.name, created_at: secret.createdAt.toISOString() };
}
