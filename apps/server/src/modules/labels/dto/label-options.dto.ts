import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const NAME_MAX = 255;
const DESCRIPTION_MAX = 1024;

/** Forgejo's `CreateLabelOption`. The colour is checked by the service (the domain's colour rule). */
export class CreateLabelOption {
  @ApiProperty({ example: 'priority/high' }) @IsString() @IsNotEmpty() @MaxLength(NAME_MAX) name!: string;
  @ApiProperty({ example: '#00aabb', description: '`#rrggbb` or `rrggbb`' }) @IsString() color!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() exclusive?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_archived?: boolean;
}

/** Forgejo's `EditLabelOption`: absent fields stay as they are. */
export class EditLabelOption {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(NAME_MAX) name?: string;
  @ApiPropertyOptional({ example: '#00aabb' }) @IsOptional() @IsString() color?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(DESCRIPTION_MAX) description?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() exclusive?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_archived?: boolean;
}

/** Forgejo's `IssueLabelsOption`: labels by id (numbers) or by name (strings), and the optional back-dating. */
export class IssueLabelsOption {
  @ApiPropertyOptional({ type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'string' }] } })
  @IsOptional()
  @IsArray()
  labels?: unknown[];

  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() updated_at?: unknown;
}
