import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { TreeEntry } from '../../repositories/repository-contents';
import { CommitInfo } from '../../repositories/repository-history';
import { ApiCommitMeta, ApiCommitUser, ApiCommitVerification, toApiCommitUser, UNVERIFIED } from './commit.dto';
import { RepoUrls } from '../repo-urls';

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

/** What every commit through the contents API takes: branch, message, identities (Forgejo's `FileOptions`). */
export class CommitFileOptions {
  @ApiPropertyOptional({ description: 'commit message; a default names the files' })
  @IsOptional()
  @IsString()
  @MaxLength(65536)
  message?: string;
  @ApiPropertyOptional({ description: 'branch to base the change on; the default branch when absent' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  branch?: string;
  @ApiPropertyOptional({ description: 'commit to this new branch, created from `branch`' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  new_branch?: string;
  @ApiPropertyOptional({ type: Identity }) @IsOptional() @ValidateNested() @Type(() => Identity) author?: Identity;
  @ApiPropertyOptional({ type: Identity }) @IsOptional() @ValidateNested() @Type(() => Identity) committer?: Identity;
  @ApiPropertyOptional({ type: CommitDateOptions })
  @IsOptional()
  @ValidateNested()
  @Type(() => CommitDateOptions)
  dates?: CommitDateOptions;
  @ApiPropertyOptional({ description: 'accepted; Bellows adds no Signed-off-by trailer' }) @IsOptional() @IsBoolean() signoff?: boolean;
}

/** Creating or updating one file: the commit options and the new content. */
export class FileOptions extends CommitFileOptions {
  @ApiProperty({ format: 'base64' }) @IsString() @Matches(BASE64, { message: 'content must be base64-encoded' }) content!: string;
}

/** Forgejo's `CreateFileOptions`. */
export class CreateFileOptions extends FileOptions {}

/** Forgejo's `UpdateFileOptions`: `sha` is the blob the caller last read; a stale one is refused. */
export class UpdateFileOptions extends FileOptions {
  @ApiProperty({ description: 'sha of the file being replaced' }) @IsString() @IsNotEmpty() sha!: string;
  @ApiPropertyOptional({ description: 'the file to move to this path (deleted there, written here), when it differs' })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  from_path?: string;
}

/** Forgejo's `DeleteFileOptions`: `sha` is the blob the caller last read. */
export class DeleteFileOptions extends CommitFileOptions {
  @ApiProperty({ description: 'sha of the file being deleted' }) @IsString() @IsNotEmpty() sha!: string;
}

export const FILE_OPERATIONS = ['create', 'update', 'delete'] as const;
export type FileOperationKind = (typeof FILE_OPERATIONS)[number];

/** Forgejo's `ChangeFileOperation`: one file of a batch. */
export class ChangeFileOperation {
  @ApiProperty({ enum: FILE_OPERATIONS })
  @IsIn(FILE_OPERATIONS, { message: 'operation must be create, update or delete' })
  operation!: FileOperationKind;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(4096) path!: string;
  @ApiPropertyOptional({ format: 'base64', description: 'the new content (create, update)' })
  @IsOptional()
  @IsString()
  @Matches(BASE64, { message: 'content must be base64-encoded' })
  content?: string;
  @ApiPropertyOptional({ description: 'the blob being replaced or deleted (update, delete)' }) @IsOptional() @IsString() sha?: string;
  @ApiPropertyOptional({ description: 'the file to move to `path` (update)' })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  from_path?: string;
}

/** Forgejo's `ChangeFilesOptions`: several files changed in one commit. */
export class ChangeFilesOptions extends CommitFileOptions {
  @ApiProperty({ type: [ChangeFileOperation] })
  @IsArray()
  @ArrayMinSize(1, { message: 'files: give at least one file operation' })
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ChangeFileOperation)
  files!: ChangeFileOperation[];
}

/** Forgejo's diffpatch body: `content` is the unified diff itself (base64 is accepted too). */
export class ApplyDiffPatchOptions extends CommitFileOptions {
  @ApiProperty({ description: 'the patch, as `git diff` or `git format-patch` writes it' }) @IsString() @IsNotEmpty() content!: string;
  @ApiPropertyOptional({ description: 'accepted, not checked (the patch itself says what it expects)' })
  @IsOptional()
  @IsString()
  sha?: string;
}

/**
 * The JSON shapes of the contents API with Forgejo's field names
 * (`ContentsResponse`, `FileLinksResponse`, `FileResponse`, `FileCommitResponse`).
 */

export class ApiFileLinks {
  @ApiProperty() self!: string;
  @ApiProperty() git!: string;
  @ApiProperty() html!: string;
}

export class ApiContentsResponse {
  @ApiProperty() name!: string;
  @ApiProperty() path!: string;
  @ApiProperty() sha!: string;
  @ApiProperty({ description: 'the last commit that changed this path (files only; empty in directory listings)' })
  last_commit_sha!: string;
  @ApiProperty({ enum: ['file', 'dir', 'symlink', 'submodule'] }) type!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) size!: number;
  @ApiPropertyOptional({ description: '`base64` when `content` is present' }) encoding?: string;
  @ApiPropertyOptional({ description: 'the file, base64-encoded; absent for directories and files over 10 MiB' }) content?: string;
  @ApiPropertyOptional({ description: 'where a symlink points' }) target?: string;
  @ApiProperty() url!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty() git_url!: string;
  @ApiPropertyOptional({ description: 'files and symlinks only' }) download_url?: string;
  @ApiProperty({ type: ApiFileLinks }) _links!: ApiFileLinks;
}

export class ApiFileCommitResponse {
  @ApiProperty() url!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty() sha!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ type: ApiCommitUser }) author!: ApiCommitUser;
  @ApiProperty({ type: ApiCommitUser }) committer!: ApiCommitUser;
  @ApiProperty({ type: [ApiCommitMeta] }) parents!: ApiCommitMeta[];
  @ApiProperty() message!: string;
  @ApiProperty({ type: ApiCommitMeta }) tree!: ApiCommitMeta;
}

/** Forgejo's `FilesResponse`: the files after a batch (null for a deleted one) and the commit. */
export class ApiFilesResponse {
  @ApiProperty({ type: [ApiContentsResponse], description: 'one per operation, in order; null for a deleted file' })
  files!: (ApiContentsResponse | null)[];
  @ApiProperty({ type: ApiFileCommitResponse }) commit!: ApiFileCommitResponse;
  @ApiProperty({ type: ApiCommitVerification }) verification!: ApiCommitVerification;
}

/** Forgejo's `FileDeleteResponse`: `content` is null. */
export class ApiFileDeleteResponse {
  @ApiProperty({ type: 'object', properties: {}, nullable: true, description: 'always null' }) content!: null;
  @ApiProperty({ type: ApiFileCommitResponse }) commit!: ApiFileCommitResponse;
  @ApiProperty({ type: ApiCommitVerification }) verification!: ApiCommitVerification;
}

export class ApiFileResponse {
  @ApiProperty({ type: ApiContentsResponse }) content!: ApiContentsResponse;
  @ApiProperty({ type: ApiFileCommitResponse }) commit!: ApiFileCommitResponse;
  @ApiProperty({ type: ApiCommitVerification }) verification!: ApiCommitVerification;
}

const TYPE_OF_ENTRY = { blob: 'file', tree: 'dir', commit: 'submodule' } as const;

/** What a tree entry is called in the API: symlinks are blobs with mode 120000. */
export function contentType(entry: TreeEntry): 'file' | 'dir' | 'symlink' | 'submodule' {
  return entry.mode === '120000' ? 'symlink' : TYPE_OF_ENTRY[entry.type];
}

export interface ContentsDetail {
  /** The file's bytes (files only), or null to leave `content` out. */
  bytes: Buffer | null;
  lastCommitSha: string;
}

export function toApiContents(entry: TreeEntry, ref: string, urls: RepoUrls, detail: ContentsDetail): ApiContentsResponse {
  const type = contentType(entry);
  const self = urls.contentsApi(entry.path, ref);
  const gitUrl = type === 'dir' ? urls.treeApi(entry.sha) : urls.blobApi(entry.sha);
  const htmlUrl = urls.srcHtml(entry.path, ref);
  const withBytes = type === 'file' && detail.bytes !== null;
  const content: ApiContentsResponse = {
    name: entry.name,
    path: entry.path,
    sha: entry.sha,
    last_commit_sha: detail.lastCommitSha,
    type,
    size: entry.size ?? 0,
    url: self,
    html_url: htmlUrl,
    git_url: gitUrl,
    _links: { self, git: gitUrl, html: htmlUrl },
  };
  // Fields that do not apply are left out (Forgejo sends null; its schema calls them strings).
  if (withBytes) Object.assign(content, { encoding: 'base64', content: detail.bytes!.toString('base64') });
  if (type === 'symlink' && detail.bytes !== null) content.target = detail.bytes.toString('utf8');
  if (type === 'file' || type === 'symlink') content.download_url = urls.rawHtml(entry.path, ref);
  return content;
}

export function toApiFileCommit(commit: CommitInfo, urls: RepoUrls): ApiFileCommitResponse {
  return {
    url: urls.commitApi(commit.sha),
    html_url: urls.commitHtml(commit.sha),
    sha: commit.sha,
    created: commit.committer.date,
    author: toApiCommitUser(commit.author),
    committer: toApiCommitUser(commit.committer),
    parents: commit.parents.map((sha) => ({ url: urls.commitApi(sha), sha })),
    message: commit.message,
    tree: { url: urls.treeApi(commit.tree), sha: commit.tree },
  };
}

export function toApiFileResponse(content: ApiContentsResponse, commit: CommitInfo, urls: RepoUrls): ApiFileResponse {
  return { content, commit: toApiFileCommit(commit, urls), verification: UNVERIFIED };
}
