import { ConflictException, ForbiddenException, Inject, Injectable, Optional } from '@nestjs/common';
import { CollaborationStore, Owner, Repository, RepositorySearchStore, Team, TeamRepositoryStore } from '@bellows/domain';
import { ShapeContext } from '../accounts/dto/user.dto';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { atLeast } from './repo-permission';
import { RepoContext, RepositoryAccess } from './repository-access.service';
import { ApiRepository, CreateRepoOption, toApiRepository } from './dto/repository.dto';
import { RepositoryService } from './repository.service';
import { RepositoryShaping } from './repository-shaping.service';
import { RepositoryWebhooks } from '../webhook-events/repository-webhooks.service';
import { RepositoryStarter } from '../repo-templates/repository-starter';

/** The ways to create a repository: for oneself, in an organization, by a site admin for anyone, and as a fork. */
@Injectable()
export class RepositoryCreation {
  constructor(
    private readonly teamRepositories: TeamRepositoryStore,
    private readonly collaborations: CollaborationStore,
    private readonly search: RepositorySearchStore,
    private readonly repositories: RepositoryService,
    private readonly access: RepositoryAccess,
    private readonly membership: OrgMembershipService,
    private readonly shaping: RepositoryShaping,
    private readonly starter: RepositoryStarter,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
    /** Webhooks' repository and fork events; optional so repositories work without them. */
    @Optional() private readonly webhooks?: RepositoryWebhooks,
  ) {}

  /** Creates a repository of `owner` on behalf of `creator` (who authors the first commit). */
  async create(owner: Owner, body: CreateRepoOption, creator: Owner): Promise<ApiRepository> {
    const repo = await this.createRepository(owner, body, creator);
    await this.webhooks?.created({ owner, repo }, creator);
    return this.shape(owner, repo, creator);
  }

  /**
   * Organization owners and site admins may create repositories in an
   * organization, and so may members of its teams allowed to
   * (`can_create_org_repo`); those teams get access to the new repository,
   * and its creator administers it.
   */
  async createInOrg(org: Owner, body: CreateRepoOption, creator: Owner): Promise<ApiRepository> {
    const creatorTeams = await this.teamsCreatingIn(org, creator);
    const repo = await this.createRepository(org, body, creator);
    await this.grantCreator(org, repo, creator, creatorTeams);
    await this.webhooks?.created({ owner: org, repo }, creator);
    return this.shape(org, repo, creator);
  }

  /**
   * Forks `parent` as `name` (the parent's name when not given) into
   * `forker`: the caller, or an organization they may create repositories in
   * (as `createInOrg` decides). A fork of a repository the forker already
   * forked is refused with 409, as in Forgejo.
   */
  async fork(parent: RepoContext, forker: Owner, name: string | undefined, creator: Owner): Promise<ApiRepository> {
    const creatorTeams = forker.kind === 'organization' ? await this.teamsCreatingIn(forker, creator) : [];
    const [, forksOfForker] = await this.search.search({ ownerId: forker.id, forkOf: parent.repo.id, order: 'id', skip: 0, take: 1 });
    if (forksOfForker > 0) throw new ConflictException(`${forker.name} already has a fork of ${parent.owner.name}/${parent.repo.name}`);
    const fork = await this.repositories.fork(parent.owner, parent.repo, forker, name ?? parent.repo.name);
    if (forker.kind === 'organization') await this.grantCreator(forker, fork, creator, creatorTeams);
    const forkCtx = { owner: forker, repo: fork, permission: await this.access.permissionOf(forker, fork, creator) };
    await this.webhooks?.forked(parent, forkCtx, creator);
    return this.shaping.withParent(forkCtx, creator);
  }

  /** The creator's teams that may create repositories in `org`; 403 unless they have one or manage the organization. */
  private async teamsCreatingIn(org: Owner, creator: Owner): Promise<Team[]> {
    const mayManage = await this.membership.mayManage(org, creator);
    const creatorTeams = await this.teamRepositories.teamsThatMayCreate(org.id, creator.id);
    if (!mayManage && creatorTeams.length === 0) throw new ForbiddenException(`you may not create repositories in "${org.name}"`);
    return creatorTeams;
  }

  /** The creator's teams get the new repository, and the creator administers it. */
  private async grantCreator(org: Owner, repo: Repository, creator: Owner, creatorTeams: Team[]): Promise<void> {
    for (const team of creatorTeams.filter((t) => !t.includesAllRepositories)) await this.teamRepositories.add(team.id, repo.id);
    // As in Forgejo, whoever creates a repository administers it, through their teams or else as a collaborator.
    if (!atLeast(await this.access.permissionOf(org, repo, creator), 'admin')) await this.collaborations.set(repo.id, creator.id, 'admin');
  }

  /** Unknown template names fail before anything is created; the chosen label set comes once the repository exists. */
  private async createRepository(owner: Owner, body: CreateRepoOption, creator: Owner): Promise<Repository> {
    const start = this.starter.plan(
      { autoInit: body.auto_init, gitignores: body.gitignores, license: body.license, readme: body.readme, issueLabels: body.issue_labels },
      owner,
      body.name,
    );
    const repo = await this.repositories.create(
      owner,
      {
        name: body.name,
        description: body.description,
        isPrivate: body.private,
        defaultBranch: body.default_branch,
        autoInit: body.auto_init,
        initialFiles: start.files,
      },
      creator,
    );
    await this.starter.addLabels(start, repo.id);
    return repo;
  }

  private async shape(owner: Owner, repo: Repository, viewer: Owner): Promise<ApiRepository> {
    return toApiRepository(repo, owner, await this.access.permissionOf(owner, repo, viewer), viewer, this.shapes);
  }
}
