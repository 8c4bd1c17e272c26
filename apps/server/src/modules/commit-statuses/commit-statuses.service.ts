import { Inject, Injectable, Optional, UnprocessableEntityException } from '@nestjs/common';
import {
  COMMIT_STATUS_SORTS,
  COMMIT_STATUS_STATES,
  combinedState,
  CommitStatus,
  CommitStatusSort,
  CommitStatusStore,
  isCommitStatusState,
  Owner,
  OwnerStore,
} from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit } from '../repo-files/repo-git';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { RepositoryRefs } from '../repositories/repository-refs';
import { StatusWebhooks } from '../webhook-events/status-webhooks.service';
import { ApiCombinedStatus, ApiCommitStatus, CreateStatusOption, toApiCommitStatus } from './dto/commit-status.dto';

/** What a list of statuses is filtered and ordered by (the query of Forgejo's list operations). */
export interface StatusListQuery {
  sort?: string;
  state?: string;
}

/**
 * Commit statuses: reported by those who may write to the repository, read by
 * those who may read it, on the commit a sha or ref names (404 when it names
 * none). The combined state follows Forgejo's precedence (the domain's
 * combinedState over the latest status of each context).
 */
@Injectable()
export class CommitStatusesService {
  constructor(
    private readonly refs: RepositoryRefs,
    private readonly statuses: CommitStatusStore,
    private readonly owners: OwnerStore,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
    /** Webhooks' `status` events; optional so statuses work without them. */
    @Optional() private readonly webhooks?: StatusWebhooks,
  ) {}

  async create(target: RepoGit, revision: string, option: CreateStatusOption, creator: Owner): Promise<ApiCommitStatus> {
    const sha = await this.commitOf(target, revision);
    const status = await this.statuses.insert({
      repoId: target.repo.id,
      sha,
      state: option.state,
      context: option.context || 'default',
      targetUrl: option.target_url ?? '',
      description: option.description ?? '',
      creatorId: creator.id,
      createdAt: new Date(),
    });
    await this.webhooks?.send(target, status, creator);
    return (await this.shape(target, [status], creator))[0];
  }

  async list(
    target: RepoGit,
    revision: string,
    query: StatusListQuery,
    paging: PageRequest,
    viewer: Owner | undefined,
  ): Promise<PageOf<ApiCommitStatus>> {
    const sha = await this.commitOf(target, revision);
    const [statuses, total] = await this.statuses.list(target.repo.id, sha, {
      sort: sortOf(query.sort),
      state: stateFilterOf(query.state),
      skip: paging.offset,
      take: paging.limit,
    });
    return new PageOf(await this.shape(target, statuses, viewer), total, paging);
  }

  async combined(target: RepoGit, revision: string, paging: PageRequest, viewer: Owner | undefined): Promise<ApiCombinedStatus> {
    const sha = await this.commitOf(target, revision);
    const latest = await this.statuses.latestPerContext(target.repo.id, sha);
    return {
      state: combinedState(latest) ?? '',
      sha,
      total_count: latest.length,
      statuses: await this.shape(target, latest.slice(paging.offset, paging.offset + paging.limit), viewer),
      repository: toApiRepository(target.repo, target.owner, target.permission, viewer, this.shapes),
      commit_url: `${target.urls.api}/commits/${sha}`,
      url: `${target.urls.api}/commits/${sha}/status`,
    };
  }

  /** The full id of the commit a sha or ref names: 404 when it names none, 422 when malformed. */
  private commitOf(target: RepoGit, revision: string): Promise<string> {
    return withGitErrors(() => this.refs.resolveCommit(target.path, revision));
  }

  private async shape(target: RepoGit, statuses: CommitStatus[], viewer: Owner | undefined): Promise<ApiCommitStatus[]> {
    const creators = new Map<number, Owner>();
    for (const id of new Set(statuses.map((status) => status.creatorId))) {
      const owner = id === null ? null : await this.owners.findById(id);
      if (owner) creators.set(owner.id, owner);
    }
    return statuses.map((status) => toApiCommitStatus(status, { urls: target.urls, creators, viewer, ctx: this.shapes }));
  }
}

function sortOf(sort: string | undefined): CommitStatusSort {
  if (sort === undefined || sort === '') return 'newest';
  if ((COMMIT_STATUS_SORTS as readonly string[]).includes(sort)) return sort as CommitStatusSort;
  throw new UnprocessableEntityException(`sort must be one of ${COMMIT_STATUS_SORTS.join(', ')}`);
}

function stateFilterOf(state: string | undefined) {
  if (state === undefined || state === '') return undefined;
  if (isCommitStatusState(state)) return state;
  throw new UnprocessableEntityException(`state must be one of ${COMMIT_STATUS_STATES.join(', ')}`);
}
