import { ForbiddenException, Injectable, MethodNotAllowedException, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Owner, OwnerStore, Repository, Team, TeamRepositoryStore, TeamStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { OrgMembershipService } from '../accounts/org-membership.service';

/** A team with its organization. */
export interface TeamInOrg {
  team: Team;
  org: Owner;
}

/**
 * Which repositories a team reaches, seen from either side: `/teams/{id}/repos`
 * and `/repos/{owner}/{repo}/teams`. A member of a team inherits the team's
 * access to each repository it reaches (RepositoryAccess reads the same
 * `team_repository` rows), so adding or removing a repository here grants or
 * takes access at once. Only owners of the organization (and site admins)
 * change which repositories a team reaches.
 */
@Injectable()
export class TeamRepositoriesService {
  constructor(
    private readonly teams: TeamStore,
    private readonly owners: OwnerStore,
    private readonly teamRepositories: TeamRepositoryStore,
    private readonly membership: OrgMembershipService,
  ) {}

  /** The team, for callers who may read its organization's teams: 404 when it or its organization is hidden, 403 for outsiders. */
  async readableTeam(id: number, actor: Actor): Promise<TeamInOrg> {
    const found = await this.visibleTeam(id, actor);
    await this.membership.assertMayReadTeams(found.org, actor.user);
    return found;
  }

  /** The team, for owners of its organization and site admins (403 for others who may see it). */
  async manageableTeam(id: number, actor: Actor): Promise<TeamInOrg> {
    const found = await this.visibleTeam(id, actor);
    await this.membership.assertMayManage(found.org, actor.user);
    return found;
  }

  /** The team of the organization named `teamName`; 404 when there is none. */
  async teamOfOrg(org: Owner, teamName: string): Promise<Team> {
    const team = await this.teams.findByOrgAndName(org.id, teamName);
    if (!team) throw new NotFoundException(`team "${teamName}" does not exist in "${org.name}"`);
    return team;
  }

  reaches(team: Team, repo: Repository): Promise<boolean> {
    return this.teamRepositories.reaches(team, repo.id);
  }

  teamsReaching(org: Owner, repo: Repository): Promise<Team[]> {
    return this.teamRepositories.teamsReaching(org.id, repo.id);
  }

  /** Gives the team access to the repository; the repository must belong to the team's organization. */
  async add(team: Team, repo: Repository): Promise<void> {
    assertSameOrganization(team, repo);
    await this.teamRepositories.add(team.id, repo.id);
  }

  /**
   * Takes the repository from the team. A team that includes all repositories
   * keeps reaching it (as in Forgejo, where removing is then a no-op).
   */
  async remove(team: Team, repo: Repository): Promise<void> {
    assertSameOrganization(team, repo);
    await this.teamRepositories.remove(team.id, repo.id);
  }

  /** 403 unless `actor` owns the organization or is a site admin (Forgejo's default: repository admins may not change team access). */
  async assertMayChangeTeams(org: Owner, actor: Actor): Promise<void> {
    if (!(await this.membership.mayManage(org, actor.user))) {
      throw new ForbiddenException(`only owners of "${org.name}" may change which teams reach its repositories`);
    }
  }

  private async visibleTeam(id: number, actor: Actor): Promise<TeamInOrg> {
    const team = await this.teams.findById(id);
    const org = team && (await this.owners.findById(team.orgId));
    if (!team || !org || !(await this.membership.canSee(org, actor.user))) throw new NotFoundException(`team ${id} does not exist`);
    return { team, org };
  }
}

function assertSameOrganization(team: Team, repo: Repository): void {
  if (repo.ownerId !== team.orgId) {
    throw new UnprocessableEntityException(`repository "${repo.name}" does not belong to the team's organization`);
  }
}

/** Teams only exist in organizations: Forgejo answers 405 for a repository of a user. */
export function assertOwnedByOrg(owner: Owner): void {
  if (owner.kind !== 'organization') throw new MethodNotAllowedException(`repository owner "${owner.name}" is not an organization`);
}
