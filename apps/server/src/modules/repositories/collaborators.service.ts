import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CollaborationMode, CollaborationStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { UsersService } from '../accounts/users.service';
import { ApiRepoCollaboratorPermission } from './dto/collaborator.dto';
import { RepositoryAccess } from './repository-access.service';

/**
 * Who else may use a repository. Anyone who may read the repository may look;
 * only its admins may change. A repository the caller may not read is 404, as
 * is a user who does not exist.
 */
@Injectable()
export class CollaboratorsService {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly users: UsersService,
    private readonly collaborations: CollaborationStore,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  /** One page of the collaborators, by name. */
  async list(owner: string, repo: string, actor: Actor, paging: PageRequest): Promise<PageOf<ApiUser>> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const [rows, total] = await this.collaborations.list(ctx.repo.id, paging.offset, paging.limit);
    return new PageOf(
      rows.map((row) => toApiUser(row.user, actor.user, this.shapes)),
      total,
      paging,
    );
  }

  /** Nothing when `name` is a collaborator; 404 otherwise. */
  async check(owner: string, repo: string, name: string, actor: Actor): Promise<void> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const user = await this.users.requireStoredUserByName(name);
    if (!(await this.collaborations.modeOf(ctx.repo.id, user.id))) {
      throw new NotFoundException(`"${user.name}" is not a collaborator of ${owner}/${repo}`);
    }
  }

  /** Adds the collaborator, or changes their mode (repository admins only). */
  async set(owner: string, repo: string, name: string, mode: CollaborationMode, actor: Actor): Promise<void> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    const user = await this.users.requireStoredUserByName(name);
    await this.collaborations.set(ctx.repo.id, user.id, mode);
  }

  /** Removes the collaborator, if they were one (repository admins only). */
  async remove(owner: string, repo: string, name: string, actor: Actor): Promise<void> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    const user = await this.users.requireStoredUserByName(name);
    await this.collaborations.remove(ctx.repo.id, user.id);
  }

  /** What `name` may do in the repository, whoever grants it. */
  async permissionOf(owner: string, repo: string, name: string, actor: Actor): Promise<ApiRepoCollaboratorPermission> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const user = await this.users.requireStoredUserByName(name);
    const permission = await this.access.permissionOf(ctx.owner, ctx.repo, user);
    return { permission, role_name: permission, user: toApiUser(user, actor.user, this.shapes) };
  }
}
