import { ApiProperty } from '@nestjs/swagger';
import { CommitInfo } from '@bellows/git';
import { ApiCommitUser, toApiCommitUser } from '../repo-files/commit-shapes';
import { WikiPageName } from './wiki-page-name';

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
