import { Inject, Injectable } from '@nestjs/common';
import { Owner, RepositorySearch, RepositorySearchStore, RepositoryViewer } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepoContext, RepositoryAccess } from './repository-access.service';
import { ApiRepository, toApiRepository } from './dto/repository.dto';

export type ListFilter = Omit<RepositorySearch, 'viewer' | 'skip' | 'take'>;

/**
 * Lists of repositories as a viewer sees them: never a repository they may not
 * read, each with the viewer's permissions in it.
 */
@Injectable()
export class RepositoryListing {
  constructor(
    private readonly repositorySearch: RepositorySearchStore,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
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
        return toApiRepository(repo, owner, await this.access.permissionOf(owner, repo, viewer), viewer, this.shapes);
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
