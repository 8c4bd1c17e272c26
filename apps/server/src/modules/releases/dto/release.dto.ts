import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Attachment, Owner, Release } from '@bellows/domain';
import { ApiUser, ShapeContext, toApiUser } from '../../accounts/dto/user.dto';
import { ApiAttachment, toApiAttachment } from '../../attachments/dto/attachment.dto';
import { encodePath, RepoUrls } from '../../repo-files/repo-urls';

/** Forgejo's `Release`. */
export class ApiRelease {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() tag_name!: string;
  @ApiProperty() target_commitish!: string;
  @ApiProperty() name!: string;
  @ApiProperty() body!: string;
  @ApiProperty() url!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty({ description: '`{ROOT_URL}{owner}/{repo}/archive/{tag}.tar.gz`, generated on demand' }) tarball_url!: string;
  @ApiProperty({ description: '`{ROOT_URL}{owner}/{repo}/archive/{tag}.zip`, generated on demand' }) zipball_url!: string;
  @ApiProperty() upload_url!: string;
  @ApiProperty() draft!: boolean;
  @ApiProperty() prerelease!: boolean;
  @ApiProperty() hide_archive_links!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true }) published_at!: string | null;
  @ApiProperty({ type: ApiUser, nullable: true }) author!: ApiUser | null;
  @ApiProperty({ type: [ApiAttachment] }) assets!: ApiAttachment[];
}

/** Forgejo's `CreateReleaseOption`. */
export class CreateReleaseOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) tag_name!: string;
  @ApiPropertyOptional({ description: 'branch or commit to tag; the default branch when absent' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  target_commitish?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ description: 'a draft gets no git tag until it is published' }) @IsOptional() @IsBoolean() draft?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() prerelease?: boolean;
  @ApiPropertyOptional({ description: 'accepted; archives are always offered' }) @IsOptional() @IsBoolean() hide_archive_links?: boolean;
}

/** Forgejo's `EditReleaseOption`: every field optional. */
export class EditReleaseOption {
  @ApiPropertyOptional({
    description: 'moves the release to this tag, made at the target when it does not exist (the old tag stays); empty changes nothing',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  tag_name?: string;
  @ApiPropertyOptional({ description: 'where a tag made by this edit (or by publishing) points; empty changes nothing' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  target_commitish?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(65536) body?: string;
  @ApiPropertyOptional({ description: 'false publishes a draft (and creates its tag)' }) @IsOptional() @IsBoolean() draft?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() prerelease?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() hide_archive_links?: boolean;
}

/** Where a source archive of a ref is downloaded (never stored, never counted). */
export function sourceArchiveUrl(urls: RepoUrls, ref: string, format: 'zip' | 'tar.gz'): string {
  return `${urls.html}/archive/${encodePath(ref)}.${format}`;
}

/** What turning a release into JSON needs besides the row. */
export interface ReleaseShapeInput {
  release: Release;
  urls: RepoUrls;
  publisher: Owner | null;
  attachments: Attachment[];
  viewer: Owner | undefined;
  ctx: ShapeContext;
}

export function toApiRelease({ release, urls, publisher, attachments, viewer, ctx }: ReleaseShapeInput): ApiRelease {
  const api = `${urls.api}/releases/${release.id}`;
  return {
    id: release.id,
    tag_name: release.tagName,
    target_commitish: release.targetCommitish,
    name: release.name,
    body: release.body,
    url: api,
    html_url: `${urls.html}/releases/tag/${encodePath(release.tagName)}`,
    tarball_url: sourceArchiveUrl(urls, release.tagName, 'tar.gz'),
    zipball_url: sourceArchiveUrl(urls, release.tagName, 'zip'),
    upload_url: `${api}/assets`,
    draft: release.isDraft,
    prerelease: release.isPrerelease,
    hide_archive_links: false,
    created_at: release.createdAt.toISOString(),
    published_at: release.publishedAt?.toISOString() ?? null,
    author: publisher ? toApiUser(publisher, viewer, ctx) : null,
    assets: attachments.map((attachment) => toApiAttachment(attachment, ctx.rootUrl)),
  };
}
