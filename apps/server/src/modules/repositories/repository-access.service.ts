import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { CollaborationStore, Owner, OwnerStore, Repository, RepositoryStore, TeamRepositoryStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { atLeast, RepoPermission, strongest, teamGrant } from './repo-permission';

export type { RepoPermission } from './repo-permission';

/** A repository as one caller sees it. */
export interface RepoContext {
  owner: Owner;
  repo: Repository;
  permission: RepoPermission;
}

/**
 * The one place that decides who may do what in a repository, for the API and
 * for git alike. A repository the caller may not read does not exist for them
 * (404), so private names never leak; a readable one they may not change is 403.
 */
@Injectable()
export class RepositoryAccess {
  constructor(
    private readonly owners: OwnerStore,
    private readonly repositories: RepositoryStore,
    private readonly collaborations: CollaborationStore,
    private readonly teamRepositories: TeamRepositoryStore,
    private readonly membership: OrgMembershipService,
  ) {}

  /** The repository with the caller's permission; 404 when it is missing or hidden from them. */
  async resolve(ownerName: string, repoName: string, actor: Actor | undefined): Promise<RepoContext> {
    const notFound = () => new NotFoundException(`repository ${ownerName}/${repoName} does not exist`);
    const owner = await this.owners.findByName(ownerName);
    if (!owner) throw notFound();
    const repo = await this.repositories.findByOwnerAndName(owner.id, repoName);
    if (!repo) throw notFound();
    const permission = await this.permissionOf(owner, repo, actor?.user);
    if (permission === 'none') throw notFound();
    return { owner, repo, permission };
  }

  /** The repository a fork was made from, as `user` sees it; null when it is no fork, the parent is gone, or hidden from them. */
  async parentOf(repo: Repository, user: Owner | undefined): Promise<RepoContext | null> {
    if (repo.forkId === null) return null;
    const parent = await this.repositories.findById(repo.forkId);
    const owner = parent && (await this.owners.findById(parent.ownerId));
    if (!parent || !owner) return null;
    const permission = await this.permissionOf(owner, parent, user);
    return permission === 'none' ? null : { owner, repo: parent, permission };
  }

  /** What `user` (undefined: anonymous) may do in `repo` of `owner`. */
  async permissionOf(owner: Owner, repo: Repository, user: Owner | undefined): Promise<RepoPermission> {
    const publicRead: RepoPermission = !repo.isPrivate && (await this.membership.canSee(owner, user)) ? 'read' : 'none';
    if (!user) return publicRead;
    if (user.isAdmin || (owner.kind === 'user' && owner.id === user.id)) return 'owner';
    const grants: RepoPermission[] = [publicRead];
    const collaboration = await this.collaborations.modeOf(repo.id, user.id);
    if (collaboration) grants.push(collaboration);
    if (owner.kind === 'organization') {
      const teams = await this.teamRepositories.teamsOfUserReaching(owner.id, repo.id, user.id);
      grants.push(...teams.map(teamGrant));
    }
    return strongest(...grants);
  }

  requireWrite(ctx: RepoContext): void {
    if (!atLeast(ctx.permission, 'write')) throw new ForbiddenException(`you may not write to ${ctx.owner.name}/${ctx.repo.name}`);
  }

  requireAdmin(ctx: RepoContext): void {
    if (!atLeast(ctx.permission, 'admin'))
      throw new ForbiddenException(`you must be an administrator of ${ctx.owner.name}/${ctx.repo.name}`);
  }
}
