import { Injectable } from '@nestjs/common';
import { Owner, RepositorySearch, RepositorySearchStore, RepositoryViewer } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { RepoContext, RepositoryAccess } from './repository-access.service';
import { ApiRepository } from './dto/repository.dto';
import { RepositoryShaping } from './repository-shaping.service';

export type ListFilter = Omit<RepositorySearch, 'viewer' | 'skip' | 'take'>;

/**
 * Lists of repositories as a viewer sees them: never a repository they may not
 * read, each with the viewer's permissions in it and, for a fork, its parent
 * when they may see it (as Forgejo lists them).
 */
@Injectable()
export class RepositoryListing {
  constructor(
    private readonly repositorySearch: RepositorySearchStore,
    private readonly access: RepositoryAccess,
    private readonly shaping: RepositoryShaping,
  ) {}

  async list(filter: ListFilter, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiRepository>> {
    const [rows, total] = await this.repositorySearch.search({
      ...filter,
      viewer: viewerFilter(viewer),
      skip: paging.offset,
      take: paging.limit,
    });
    const items = await Promise.all(
      rows.map(async (repo) => {
        const owner = repo.owner;
        return this.shaping.withParent({ owner, repo, permission: await this.access.permissionOf(owner, repo, viewer) }, viewer);
      }),
    );
    return new PageOf(items, total, paging);
  }

  /** The forks of `parent` the viewer may read, oldest first (Forgejo's `listForks`). */
  forksOf(parent: RepoContext, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiRepository>> {
    return this.list({ forkOf: parent.repo.id, order: 'id' }, viewer, paging);
  }
}

/** Mirrors `RepositoryAccess.permissionOf` for lists; site admins see everything. */
function viewerFilter(viewer: Owner | undefined): RepositoryViewer | undefined {
  if (viewer?.isAdmin) return undefined;
  if (!viewer) return { ownerVisibilities: ['public'] };
  return { userId: viewer.id, ownerVisibilities: ['public', 'limited'] };
}
