import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ContainerGoneError, Owner, OwnerStore, RepositoryStore, RepoWatchStore, UserBlockStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiRepository, toApiRepository } from '../repositories/dto/repository.dto';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { assertNotBlockedBy } from '../user-blocks/blocked-by';
import { ApiWatchInfo } from './watch-info.dto';

/**
 * Watching repositories (Forgejo's subscriptions: `userCurrentPutSubscription`
 * and friends). A signed-in user watches any repository they may read and is
 * then notified of its issues and pull requests; lists show only what the
 * viewer may read, so a watch on a repository that turned private leaks nothing.
 */
@Injectable()
export class WatchesService {
  constructor(
    private readonly watches: RepoWatchStore,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly access: RepositoryAccess,
    private readonly blocks: UserBlockStore,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async watch(ownerName: string, repoName: string, actor: Actor): Promise<ApiWatchInfo> {
    const repoCtx = await this.access.resolve(ownerName, repoName, actor);
    await assertNotBlockedBy(this.blocks, repoCtx.owner, actor.user);
    try {
      await this.watches.watch(actor.user.id, repoCtx.repo.id);
    } catch (error) {
      if (error instanceof ContainerGoneError) throw new NotFoundException(`repository ${ownerName}/${repoName} does not exist`);
      throw error;
    }
    return this.watchInfo(repoCtx);
  }

  async unwatch(ownerName: string, repoName: string, actor: Actor): Promise<void> {
    const { repo } = await this.access.resolve(ownerName, repoName, actor);
    await this.watches.unwatch(actor.user.id, repo.id);
  }

  /** The caller's watch, or 404 when they do not watch it (Forgejo's userCurrentCheckSubscription). */
  async watchOf(ownerName: string, repoName: string, actor: Actor): Promise<ApiWatchInfo> {
    const repoCtx = await this.access.resolve(ownerName, repoName, actor);
    if (!(await this.watches.isWatching(actor.user.id, repoCtx.repo.id))) {
      throw new NotFoundException(`you do not watch ${ownerName}/${repoName}`);
    }
    return this.watchInfo(repoCtx);
  }

  /** As Forgejo: `created_at` is the repository's creation date, `reason` is always null. */
  private watchInfo({ owner, repo }: RepoContext): ApiWatchInfo {
    const repositoryUrl = `${this.shapes.rootUrl}api/v1/repos/${owner.name}/${repo.name}`;
    return {
      subscribed: true,
      ignored: false,
      reason: null,
      created_at: repo.createdAt.toISOString(),
      url: `${repositoryUrl}/subscription`,
      repository_url: repositoryUrl,
    };
  }

  /** The repositories `watcher` watches that `viewer` may read, newest watch first. */
  async watchedBy(watcher: Owner, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiRepository>> {
    const visible: ApiRepository[] = [];
    for (const repoId of await this.watches.watchedBy(watcher.id)) {
      const repo = await this.repositories.findById(repoId);
      const owner = repo && (await this.owners.findById(repo.ownerId));
      if (!repo || !owner) continue;
      const permission = await this.access.permissionOf(owner, repo, viewer);
      if (permission !== 'none') visible.push(toApiRepository(repo, owner, permission, viewer, this.shapes));
    }
    return new PageOf(visible.slice(paging.offset, paging.offset + paging.limit), visible.length, paging);
  }

  async watchedByUser(username: string, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiRepository>> {
    const user = await this.owners.findByName(username);
    if (!user || user.kind !== 'user') throw new NotFoundException(`user ${username} does not exist`);
    return this.watchedBy(user, viewer, paging);
  }

  async watchers(ownerName: string, repoName: string, actor: Actor | undefined, paging: PageRequest): Promise<PageOf<ApiUser>> {
    const { repo } = await this.access.resolve(ownerName, repoName, actor);
    const [users, total] = await this.watches.watchers(repo.id, paging.offset, paging.limit);
    return new PageOf(
      users.map((user) => toApiUser(user, actor?.user, this.shapes)),
      total,
      paging,
    );
  }
}
