import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

/** Base64 as Go's StdEncoding reads it; line breaks (as `base64` writes them) are allowed. */
const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

/** Forgejo's `Identity`: a commit author or committer; absent fields come from the signed-in user. */
export class Identity {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional({ format: 'email' }) @IsOptional() @IsString() @MaxLength(255) email?: string;
}

/** Forgejo's `CommitDateOptions`. */
export class CommitDateOptions {
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() author?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsISO8601() committer?: string;
}

/** What creating and updating a file have in common (Forgejo's `FileOptions`). */
export class FileOptions {
  @ApiProperty({ format: 'base64' }) @IsString() @Matches(BASE64, { message: 'content must be base64-encoded' }) content!: string;
  @ApiPropertyOptional({ description: 'commit message; a default names the file' }) @IsOptional() @IsString() @MaxLength(65536) message?: string;
  @ApiPropertyOptional({ description: 'branch to base the change on; the default branch when absent' }) @IsOptional() @IsString() @MaxLength(255) branch?: string;
  @ApiPropertyOptional({ description: 'commit to this new branch, created from `branch`' }) @IsOptional() @IsString() @MaxLength(255) new_branch?: string;
  @ApiPropertyOptional({ type: Identity }) @IsOptional() @ValidateNested() @Type(() => Identity) author?: Identity;
  @ApiPropertyOptional({ type: Identity }) @IsOptional() @ValidateNested() @Type(() => Identity) committer?: Identity;
  @ApiPropertyOptional({ type: CommitDateOptions }) @IsOptional() @ValidateNested() @Type(() => CommitDateOptions) dates?: CommitDateOptions;
  @ApiPropertyOptional({ description: 'accepted; Bellows adds no Signed-off-by trailer' }) @IsOptional() @IsBoolean() signoff?: boolean;
}

/** Forgejo's `CreateFileOptions`. */
export class CreateFileOptions extends FileOptions {}

/** Forgejo's `UpdateFileOptions`: `sha` is the blob the caller last read; a stale one is refused. */
export class UpdateFileOptions extends FileOptions {
  @ApiProperty({ description: 'sha of the file being replaced' }) @IsString() @IsNotEmpty() sha!: string;
  @ApiPropertyOptional({ description: 'moving a file is not supported; when given it must equal the path' }) @IsOptional() @IsString() from_path?: string;
}
