import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Tag } from '../../repositories/repository-refs';
import { ApiCommitMeta } from '../../repo-files/dto/commit.dto';
import { RepoUrls } from '../../repo-files/repo-urls';
import { sourceArchiveUrl } from '../../releases/dto/release.dto';

/**
 * The JSON shapes of branch and tag writes and of tags, with Forgejo's field
 * names (definitions `CreateBranchRepoOption`, `CreateTagOption`, `Tag`,
 * `TagArchiveDownloadCount`); branches answer with repo-files' `ApiBranch`.
 */

/** Forgejo's `CreateBranchRepoOption`. */
export class CreateBranchRepoOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) new_branch_name!: string;
  @ApiPropertyOptional({ description: 'deprecated: the branch to start from (404 when it does not exist)' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  old_branch_name?: string;
  @ApiPropertyOptional({ description: 'the branch, tag or commit to start from; the default branch when neither is given' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  old_ref_name?: string;
}

/** Forgejo's `UpdateBranchRepoOption`: the new name. */
export class UpdateBranchRepoOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) name!: string;
}

/** Forgejo's `CreateTagOption`. */
export class CreateTagOption {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) tag_name!: string;
  @ApiPropertyOptional({ description: 'the branch, tag or commit to tag; the default branch when absent' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  target?: string;
  @ApiPropertyOptional({ description: 'makes an annotated tag with this message, tagged by the caller; lightweight when absent or empty' })
  @IsOptional()
  @IsString()
  @MaxLength(65536)
  message?: string;
}

/** Forgejo's `TagArchiveDownloadCount`: source archives are made on demand and not counted. */
export class ApiTagArchiveDownloadCount {
  @ApiProperty({ type: 'integer', format: 'int64' }) tar_gz!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) zip!: number;
}

/** Forgejo's `Tag`. */
export class ApiTag {
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'the annotation message, or the commit message of a lightweight tag' }) message!: string;
  @ApiProperty({ description: 'the tag object id of an annotated tag, the commit id of a lightweight one' }) id!: string;
  @ApiProperty({ type: ApiCommitMeta }) commit!: ApiCommitMeta;
  @ApiProperty() zipball_url!: string;
  @ApiProperty() tarball_url!: string;
  @ApiProperty({ type: ApiTagArchiveDownloadCount }) archive_download_count!: ApiTagArchiveDownloadCount;
}

export function toApiTag(tag: Tag, urls: RepoUrls): ApiTag {
  return {
    name: tag.name,
    // As Forgejo, without the surrounding blank lines git keeps.
    message: tag.message.trim(),
    id: tag.id,
    commit: { url: urls.commitApi(tag.commitSha), sha: tag.commitSha, created: tag.date },
    zipball_url: sourceArchiveUrl(urls, tag.name, 'zip'),
    tarball_url: sourceArchiveUrl(urls, tag.name, 'tar.gz'),
    archive_download_count: { tar_gz: 0, zip: 0 },
  };
}
