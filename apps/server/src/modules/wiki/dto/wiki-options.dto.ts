import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

/** Forgejo's `CreateWikiPageOptions`, also used to edit a page (absent fields keep their value). */
export class CreateWikiPageOptions {
  @ApiPropertyOptional({ description: 'page title; spaces become dashes in its name' }) @IsOptional() @IsString() @MaxLength(255) title?: string;
  @ApiPropertyOptional({ format: 'base64' }) @IsOptional() @IsString() @Matches(BASE64, { message: 'content_base64 must be base64-encoded' }) content_base64?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) message?: string;
}
