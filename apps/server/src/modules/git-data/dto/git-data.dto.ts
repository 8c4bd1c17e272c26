import { ApiProperty } from '@nestjs/swagger';
import { AnnotatedTagObject, GitRef, TreeEntry } from '../../repositories/git-objects';
import { ApiCommitUser, ApiCommitVerification, toApiCommitUser, UNVERIFIED } from '../../repo-files/dto/commit.dto';
import { RepoUrls } from '../../repo-files/repo-urls';

/**
 * The JSON shapes of git's objects, with Forgejo's field names (`GitTreeResponse`,
 * `GitEntry`, `GitBlobResponse`, `AnnotatedTag`, `AnnotatedTagObject`, `Reference`,
 * `GitObject`), and the converters from the git ports' records.
 */

export class ApiGitEntry {
  @ApiProperty() path!: string;
  @ApiProperty() mode!: string;
  @ApiProperty({ enum: ['blob', 'tree', 'commit'] }) type!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) size!: number;
  @ApiProperty() sha!: string;
  @ApiProperty() url!: string;
}

export class ApiGitTreeResponse {
  @ApiProperty() sha!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ type: [ApiGitEntry] }) tree!: ApiGitEntry[];
  @ApiProperty({ description: 'more entries follow on later pages' }) truncated!: boolean;
  @ApiProperty({ type: 'integer', format: 'int64' }) page!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) total_count!: number;
}

export class ApiGitBlobResponse {
  @ApiProperty({ description: 'the bytes, base64' }) content!: string;
  @ApiProperty({ enum: ['base64'] }) encoding!: string;
  @ApiProperty() url!: string;
  @ApiProperty() sha!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) size!: number;
}

export class ApiGitObject {
  @ApiProperty({ enum: ['commit', 'tag', 'tree', 'blob'] }) type!: string;
  @ApiProperty() sha!: string;
  @ApiProperty() url!: string;
}

export class ApiReference {
  @ApiProperty() ref!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ type: ApiGitObject }) object!: ApiGitObject;
}

export class ApiAnnotatedTag {
  @ApiProperty() tag!: string;
  @ApiProperty() sha!: string;
  @ApiProperty() url!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ type: ApiCommitUser }) tagger!: ApiCommitUser;
  @ApiProperty({ type: ApiGitObject }) object!: ApiGitObject;
  @ApiProperty({ type: ApiCommitVerification }) verification!: ApiCommitVerification;
}

/** The API address of a git object: `…/git/{type}s/{sha}` (a submodule's commit is a commit). */
export function gitObjectUrl(urls: RepoUrls, type: string, sha: string): string {
  return `${urls.api}/git/${type}s/${sha}`;
}

export function toApiGitEntry(entry: TreeEntry, urls: RepoUrls): ApiGitEntry {
  return {
    path: entry.path,
    mode: entry.mode,
    type: entry.type,
    size: entry.size ?? 0,
    sha: entry.sha,
    url: gitObjectUrl(urls, entry.type, entry.sha),
  };
}

export function toApiReference(ref: GitRef, urls: RepoUrls): ApiReference {
  const name = ref.ref.split('/').map(encodeURIComponent).join('/');
  return {
    ref: ref.ref,
    url: `${urls.api}/git/${name}`,
    object: { type: ref.type, sha: ref.sha, url: gitObjectUrl(urls, ref.type, ref.sha) },
  };
}

export function toApiAnnotatedTag(tag: AnnotatedTagObject, urls: RepoUrls): ApiAnnotatedTag {
  return {
    tag: tag.tag,
    sha: tag.sha,
    url: gitObjectUrl(urls, 'tag', tag.sha),
    message: tag.message,
    tagger: toApiCommitUser(tag.tagger),
    object: { type: tag.objectType, sha: tag.objectSha, url: gitObjectUrl(urls, tag.objectType, tag.objectSha) },
    verification: UNVERIFIED,
  };
}
