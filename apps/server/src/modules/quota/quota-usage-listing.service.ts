import { Inject, Injectable } from '@nestjs/common';
import { CountedArtifact, CountedAttachment, CountedObjects, CountedPackageVersion } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { QuotaUsedArtifact, QuotaUsedAttachment, QuotaUsedPackage } from './dto/quota.dto';

/**
 * The objects that make up an owner's usage, biggest first, in Forgejo's
 * QuotaUsed* shapes. The URLs point where the owning areas serve them (issues,
 * releases, packages and action runs are added by their own issues).
 */
@Injectable()
export class QuotaUsageListingService {
  private readonly rootUrl: string;

  constructor(
    private readonly counted: CountedObjects,
    @Inject(CONFIG) config: BellowsConfig,
  ) {
    this.rootUrl = config.server.rootUrl;
  }

  async attachments(ownerId: number, paging: PageRequest): Promise<PageOf<QuotaUsedAttachment>> {
    const [rows, total] = await this.counted.attachments(ownerId, paging.offset, paging.limit);
    return new PageOf(
      rows.map((row) => this.attachmentShape(row)),
      total,
      paging,
    );
  }

  async packages(ownerId: number, paging: PageRequest): Promise<PageOf<QuotaUsedPackage>> {
    const [rows, total] = await this.counted.packageVersions(ownerId, paging.offset, paging.limit);
    return new PageOf(
      rows.map((row) => this.packageShape(row)),
      total,
      paging,
    );
  }

  async artifacts(ownerId: number, paging: PageRequest): Promise<PageOf<QuotaUsedArtifact>> {
    const [rows, total] = await this.counted.artifacts(ownerId, paging.offset, paging.limit);
    return new PageOf(
      rows.map((row) => this.artifactShape(row)),
      total,
      paging,
    );
  }

  /** Like Forgejo: the attachment's API URL is its container's API URL plus `/assets/{id}`. */
  private attachmentShape(row: CountedAttachment): QuotaUsedAttachment {
    const repoPath = `${encodeURIComponent(row.ownerName)}/${encodeURIComponent(row.repoName)}`;
    const container =
      row.releaseId !== null
        ? {
            api: `repos/${repoPath}/releases/${row.releaseId}`,
            html: `${repoPath}/releases/tag/${encodeURIComponent(row.releaseTag ?? '')}`,
          }
        : row.commentId !== null
          ? { api: `repos/${repoPath}/issues/comments/${row.commentId}`, html: `${repoPath}/issues/comments/${row.commentId}` }
          : { api: `repos/${repoPath}/issues/${row.issueIndex}`, html: `${repoPath}/issues/${row.issueIndex}` };
    const apiUrl = `${this.rootUrl}api/v1/${container.api}`;
    return {
      name: row.name,
      size: row.size,
      api_url: `${apiUrl}/assets/${row.id}`,
      contained_in: { api_url: apiUrl, html_url: `${this.rootUrl}${container.html}` },
    };
  }

  private packageShape(row: CountedPackageVersion): QuotaUsedPackage {
    const path = [row.ownerName, '-', 'packages', row.type, row.name, row.version].map(encodeURIComponent).join('/');
    return { name: row.name, type: row.type, version: row.version, size: row.size, html_url: `${this.rootUrl}${path}` };
  }

  private artifactShape(row: CountedArtifact): QuotaUsedArtifact {
    const path = `${encodeURIComponent(row.ownerName)}/${encodeURIComponent(row.repoName)}/actions/runs/${row.runId}`;
    return { name: row.name, size: row.size, html_url: `${this.rootUrl}${path}` };
  }
}
