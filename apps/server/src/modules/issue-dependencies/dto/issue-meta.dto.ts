import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** Forgejo's `IssueMeta`: an issue named by its repository and number (owner and repo default to the path's repository). */
export class IssueMeta {
  @ApiProperty({ type: 'integer', format: 'int64' }) @IsInt() @Min(1) index!: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) owner?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) repo?: string;
}
