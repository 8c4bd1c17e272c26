import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DigestedPackageBlob, PackageFile } from '@bellows/domain';
import { ApiUser } from '../../accounts/dto/user.dto';
import { ApiRepository } from '../../repositories/dto/repository.dto';

/** Filters of `GET /packages/{owner}`. */
export interface PackageListQuery {
  type?: string;
  q?: string;
}

/** One version of a package, as Forgejo's `Package`. */
export class ApiPackage {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ type: ApiUser }) owner!: ApiUser;
  @ApiPropertyOptional({ type: ApiRepository, nullable: true }) repository!: ApiRepository | null;
  @ApiProperty({ type: ApiUser }) creator!: ApiUser;
  @ApiProperty() type!: string;
  @ApiProperty() name!: string;
  @ApiProperty() version!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

/** A file of a package version, as Forgejo's `PackageFile` (note `Size`, capitalised as there). */
export class ApiPackageFile {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) Size!: number;
  @ApiProperty() name!: string;
  @ApiProperty() md5!: string;
  @ApiProperty() sha1!: string;
  @ApiProperty() sha256!: string;
  @ApiProperty() sha512!: string;
}

export function toApiPackageFile({ file, blob }: { file: PackageFile; blob: DigestedPackageBlob }): ApiPackageFile {
  return { id: file.id, Size: file.size, name: file.name, md5: blob.md5, sha1: blob.sha1, sha256: blob.sha256, sha512: blob.sha512 };
}

/** Where Forgejo shows a package version; the quota listing points there too. */
export function packageHtmlUrl(rootUrl: string, ownerName: string, type: string, name: string, version: string): string {
  return rootUrl + [ownerName, '-', 'packages', type, name, version].map(encodeURIComponent).join('/');
}
