import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsDefined, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

const HOOK_TYPES = ['forgejo', 'dingtalk', 'discord', 'gitea', 'gogs', 'msteams', 'slack', 'telegram', 'feishu', 'wechatwork', 'packagist'];

/** Forgejo's Hook. `config.secret` is never returned; `authorization_header` only masked (see webhooks.service). */
export class ApiHook {
  @ApiProperty() id!: number;
  @ApiProperty() type!: string;
  @ApiProperty({ description: 'the receiver URL' }) url!: string;
  @ApiProperty({ enum: ['json', 'form'] }) content_type!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'url and content_type (deprecated by Forgejo)' })
  config!: Record<string, string>;
  @ApiProperty({ type: [String] }) events!: string[];
  @ApiProperty() branch_filter!: string;
  @ApiProperty({ description: 'the scheme with the credentials masked, or empty' }) authorization_header!: string;
  @ApiProperty() active!: boolean;
  @ApiProperty({ type: Object, nullable: true, description: 'type-specific settings; none for forgejo and gitea hooks' })
  metadata!: null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class CreateHookOption {
  @ApiProperty({ enum: HOOK_TYPES, description: 'Bellows delivers forgejo and gitea hooks' })
  @IsDefined()
  @IsString()
  type!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'url and content_type (json or form) required; secret optional',
  })
  @IsDefined()
  @IsObject()
  config!: Record<string, unknown>;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  events?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  branch_filter?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  authorization_header?: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ description: 'admin hooks: a system hook (all repositories); a default hook is not supported' })
  @IsOptional()
  @IsBoolean()
  is_system_webhook?: boolean;
}

export class EditHookOption {
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;

  @ApiPropertyOptional({ type: [String], description: 'replaces the chosen events; an empty list means push (as Forgejo)' })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  events?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  branch_filter?: string;

  @ApiPropertyOptional({ description: 'empty removes it' })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  authorization_header?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/** One attempt to deliver (Bellows' own shape). */
export class ApiHookDeliveryAttempt {
  @ApiProperty({ format: 'date-time' }) started_at!: string;
  @ApiProperty() duration_ms!: number;
  @ApiProperty() request_url!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) request_headers!: Record<string, string>;
  @ApiProperty() request_body!: string;
  @ApiProperty({ nullable: true, type: 'integer' }) response_status!: number | null;
  @ApiProperty() response_body!: string;
  @ApiProperty({ nullable: true, type: 'string' }) error!: string | null;
}

/** One event sent (or to send) to a hook, with its attempts (Bellows' own shape; Forgejo's API has none). */
export class ApiHookDelivery {
  @ApiProperty() id!: number;
  @ApiProperty() uuid!: string;
  @ApiProperty() event!: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status!: string;
  @ApiProperty() attempts!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: 'string', description: 'when it is tried next, while pending' })
  next_attempt_at!: string | null;
  @ApiProperty({ type: [ApiHookDeliveryAttempt] }) attempt_list!: ApiHookDeliveryAttempt[];
}
