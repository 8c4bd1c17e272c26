import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CommitInfo } from '../../repositories/repository-history';
import { ApiCommitUser, toApiCommitUser } from '../../repo-files/dto/commit.dto';
import { WikiPageName } from '../wiki-page-name';

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

/** Forgejo's `CreateWikiPageOptions`, also used to edit a page (absent fields keep their value). */
export class CreateWikiPageOptions {
  @ApiPropertyOptional({ description: 'page title; spaces become dashes in its name' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  title?: string;
  @ApiPropertyOptional({ format: 'base64' })
  @IsOptional()
  @IsString()
  @Matches(BASE64, { message: 'content_base64 must be base64-encoded' })
  content_base64?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) message?: string;
}

/** The JSON shapes of the wiki API with Forgejo's field names (`WikiPage`, `WikiPageMetaData`, `WikiCommit`, `WikiCommitList`). */

export class ApiWikiCommit {
  @ApiProperty() sha!: string;
  @ApiProperty({ type: ApiCommitUser }) author!: ApiCommitUser;
  /** Spelled as Forgejo spells it. */
  @ApiProperty({ type: ApiCommitUser }) commiter!: ApiCommitUser;
  @ApiProperty() message!: string;
}

export class ApiWikiPageMetaData {
  @ApiProperty() title!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty() sub_url!: string;
  @ApiProperty({ type: ApiWikiCommit }) last_commit!: ApiWikiCommit;
}

export class ApiWikiPage extends ApiWikiPageMetaData {
  @ApiProperty() content_base64!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) commit_count!: number;
  @ApiProperty({ description: 'base64 of the _Sidebar page, empty when there is none' }) sidebar!: string;
  @ApiProperty({ description: 'base64 of the _Footer page, empty when there is none' }) footer!: string;
}

export class ApiWikiCommitList {
  @ApiProperty({ type: [ApiWikiCommit] }) commits!: ApiWikiCommit[];
  @ApiProperty({ type: 'integer', format: 'int64' }) count!: number;
}

export function toApiWikiCommit(commit: CommitInfo): ApiWikiCommit {
  return { sha: commit.sha, author: toApiCommitUser(commit.author), commiter: toApiCommitUser(commit.committer), message: commit.message };
}

export function toApiWikiPageMetaData(page: WikiPageName, lastCommit: CommitInfo, repoHtmlUrl: string): ApiWikiPageMetaData {
  return {
    title: page.title,
    html_url: `${repoHtmlUrl}/wiki/${encodeURIComponent(page.webName)}`,
    sub_url: encodeURIComponent(page.webName),
    last_commit: toApiWikiCommit(lastCommit),
  };
}
