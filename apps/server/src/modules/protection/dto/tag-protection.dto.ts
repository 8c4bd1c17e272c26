import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Forgejo's `EditTagProtectionOption`. */
export class EditTagProtectionOption {
  @ApiPropertyOptional({ description: 'a glob (`v*`) or a regular expression written /…/' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name_pattern?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  whitelist_usernames?: string[];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(200) @IsString({ each: true }) whitelist_teams?: string[];
}

/** Forgejo's `CreateTagProtectionOption`. */
export class CreateTagProtectionOption extends EditTagProtectionOption {
  @ApiProperty({ description: 'a glob (`v*`) or a regular expression written /…/' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  declare name_pattern: string;
}

export class ApiTagProtection {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name_pattern!: string;
  @ApiProperty({ type: [String] }) whitelist_usernames!: string[];
  @ApiProperty({ type: [String] }) whitelist_teams!: string[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}
