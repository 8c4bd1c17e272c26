import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { VISIBILITIES, Visibility } from '../account-input';

/** Forgejo's `CreateUserOption`. Fields Bellows does not use (source, notification) are accepted and ignored. */
export class CreateUserOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(40) username!: string;
  @ApiProperty({ format: 'email' }) @IsString() @MaxLength(255) email!: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) password!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) full_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) login_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() must_change_password?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() restricted?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() send_notify?: boolean;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) @IsOptional() @IsInt() source_id?: number;
  @ApiPropertyOptional({ enum: VISIBILITIES }) @IsOptional() @IsIn(VISIBILITIES) visibility?: Visibility;
}

/** Forgejo's `EditUserOption`: every field optional; absent fields are left as they are. */
export class EditUserOption {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() admin?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) description?: string;
  @ApiPropertyOptional({ format: 'email' }) @IsOptional() @IsString() @MaxLength(255) email?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) full_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) location?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) login_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() must_change_password?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) password?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() prohibit_login?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() restricted?: boolean;
  @ApiPropertyOptional({ type: 'integer', format: 'int64' }) @IsOptional() @IsInt() source_id?: number;
  @ApiPropertyOptional({ enum: VISIBILITIES }) @IsOptional() @IsIn(VISIBILITIES) visibility?: Visibility;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) website?: string;
}
