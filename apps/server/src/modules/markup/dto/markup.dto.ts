import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** Forgejo's `MarkdownOption`. Field names are capitalised, as in Forgejo. */
export class MarkdownOption {
  @ApiPropertyOptional({ description: 'the Markdown to render' }) @IsOptional() @IsString() @MaxLength(1_000_000) Text?: string;
  @ApiPropertyOptional({ description: '`markdown` (the default), `gfm` or `comment` (line breaks kept)' })
  @IsOptional()
  @IsString()
  Mode?: string;
  @ApiPropertyOptional({ description: 'the URL relative links resolve against (a repository, say)' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  Context?: string;
  @ApiPropertyOptional({ description: 'accepted; wiki links are rendered as any link' }) @IsOptional() @IsBoolean() Wiki?: boolean;
}

/** Forgejo's `MarkupOption`: as MarkdownOption, and `file` mode renders by FilePath's extension. */
export class MarkupOption extends MarkdownOption {
  @ApiPropertyOptional({ description: 'for `file` mode: the file, whose extension decides how it renders' })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  FilePath?: string;
  @ApiPropertyOptional({ description: 'accepted; relative links resolve against Context' }) @IsOptional() @IsString() BranchPath?: string;
}
