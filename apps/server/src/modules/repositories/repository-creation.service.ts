import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { CollaborationStore, Owner, Repository, TeamRepositoryStore } from '@bellows/domain';
import { ShapeContext } from '../accounts/dto/user.dto';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { atLeast } from './repo-permission';
import { RepositoryAccess } from './repository-access.service';
import { ApiRepository, CreateRepoOption, toApiRepository } from './dto/repository.dto';
import { RepositoryService } from './repository.service';

/** The three ways to create a repository: for oneself, in an organization, and by a site admin for anyone. */
@Injectable()
export class RepositoryCreation {
  constructor(
    private readonly teamRepositories: TeamRepositoryStore,
    private readonly collaborations: CollaborationStore,
    private readonly repositories: RepositoryService,
    private readonly access: RepositoryAccess,
    private readonly membership: OrgMembershipService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  /** Creates a repository of `owner` on behalf of `creator` (who authors the first commit). */
  async create(owner: Owner, body: CreateRepoOption, creator: Owner): Promise<ApiRepository> {
    return this.shape(owner, await this.createRepository(owner, body, creator), creator);
  }

  /**
   * Organization owners and site admins may create repositories in an
   * organization, and so may members of its teams allowed to
   * (`can_create_org_repo`); those teams get access to the new repository,
   * and its creator administers it.
   */
  async createInOrg(org: Owner, body: CreateRepoOption, creator: Owner): Promise<ApiRepository> {
    const mayManage = await this.membership.mayManage(org, creator);
    const creatorTeams = await this.teamRepositories.teamsThatMayCreate(org.id, creator.id);
    if (!mayManage && creatorTeams.length === 0) throw new ForbiddenException(`you may not create repositories in "${org.name}"`);
    const repo = await this.createRepository(org, body, creator);
    for (const team of creatorTeams.filter((t) => !t.includesAllRepositories)) await this.teamRepositories.add(team.id, repo.id);
    // As in Forgejo, whoever creates a repository administers it, through their teams or else as a collaborator.
    if (!atLeast(await this.access.permissionOf(org, repo, creator), 'admin')) await this.collaborations.set(repo.id, creator.id, 'admin');
    return this.shape(org, repo, creator);
  }

  private createRepository(owner: Owner, body: CreateRepoOption, creator: Owner): Promise<Repository> {
    return this.repositories.create(
      owner,
      {
        name: body.name,
        description: body.description,
        isPrivate: body.private,
        defaultBranch: body.default_branch,
        autoInit: body.auto_init,
      },
      creator,
    );
  }

  private async shape(owner: Owner, repo: Repository, viewer: Owner): Promise<ApiRepository> {
    return toApiRepository(repo, owner, await this.access.permissionOf(owner, repo, viewer), viewer, this.shapes);
  }
}
