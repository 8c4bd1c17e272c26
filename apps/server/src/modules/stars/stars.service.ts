import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ContainerGoneError, Owner, OwnerStore, RepositoryStore, StarStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiRepository, toApiRepository } from '../repositories/dto/repository.dto';
import { RepositoryAccess } from '../repositories/repository-access.service';

/**
 * Stars (Forgejo's `userCurrentPutStar` and friends): a signed-in user stars
 * any repository they may read; lists show only what the viewer may read, so
 * a star on a repository that turned private leaks nothing, not even a count.
 */
@Injectable()
export class StarsService {
  constructor(
    private readonly stars: StarStore,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async star(ownerName: string, repoName: string, actor: Actor): Promise<void> {
    const { repo } = await this.access.resolve(ownerName, repoName, actor);
    try {
      await this.stars.star(actor.user.id, repo.id);
    } catch (error) {
      if (error instanceof ContainerGoneError) throw new NotFoundException(`repository ${ownerName}/${repoName} does not exist`);
      throw error;
    }
  }

  async unstar(ownerName: string, repoName: string, actor: Actor): Promise<void> {
    const { repo } = await this.access.resolve(ownerName, repoName, actor);
    await this.stars.unstar(actor.user.id, repo.id);
  }

  /** 204 when the caller starred it, 404 otherwise (Forgejo's userCurrentCheckStarring). */
  async requireStarred(ownerName: string, repoName: string, actor: Actor): Promise<void> {
    const { repo } = await this.access.resolve(ownerName, repoName, actor);
    if (!(await this.stars.isStarred(actor.user.id, repo.id))) throw new NotFoundException(`you have not starred ${ownerName}/${repoName}`);
  }

  /** The repositories `starrer` starred that `viewer` may read, newest star first. */
  async starredBy(starrer: Owner, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiRepository>> {
    const visible: ApiRepository[] = [];
    for (const repoId of await this.stars.starredBy(starrer.id)) {
      const repo = await this.repositories.findById(repoId);
      const owner = repo && (await this.owners.findById(repo.ownerId));
      if (!repo || !owner) continue;
      const permission = await this.access.permissionOf(owner, repo, viewer);
      if (permission !== 'none') visible.push(toApiRepository(repo, owner, permission, viewer, this.shapes));
    }
    return new PageOf(visible.slice(paging.offset, paging.offset + paging.limit), visible.length, paging);
  }

  async starredByUser(username: string, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiRepository>> {
    const user = await this.owners.findByName(username);
    if (!user || user.kind !== 'user') throw new NotFoundException(`user ${username} does not exist`);
    return this.starredBy(user, viewer, paging);
  }

  async stargazers(ownerName: string, repoName: string, actor: Actor | undefined, paging: PageRequest): Promise<PageOf<ApiUser>> {
    const { repo } = await this.access.resolve(ownerName, repoName, actor);
    const [users, total] = await this.stars.stargazers(repo.id, paging.offset, paging.limit);
    return new PageOf(
      users.map((user) => toApiUser(user, actor?.user, this.shapes)),
      total,
      paging,
    );
  }
}
