import { Injectable } from '@nestjs/common';
import { Owner, OwnerStore, Team, TeamSearch, TeamStore } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';

/** Forgejo's `OrganizationPermissions`: what one user may do in one organization. */
export interface OrgPermissions {
  can_create_repository: boolean;
  can_read: boolean;
  can_write: boolean;
  is_admin: boolean;
  is_owner: boolean;
}

const LEVEL: Record<Team['permission'], number> = { read: 1, write: 2, admin: 3, owner: 4 };

/** An organization has few teams; one page of this size holds every team a user has in one. */
const ALL_TEAMS = 10_000;

/** Questions about teams and organizations that span several of them. Permission checks are the caller's. */
@Injectable()
export class OrgLookupsService {
  constructor(
    private readonly teams: TeamStore,
    private readonly owners: OwnerStore,
  ) {}

  async searchTeams(org: Owner, search: TeamSearch, paging: PageRequest): Promise<PageOf<Team>> {
    const [teams, total] = await this.teams.searchInOrg(org.id, search, paging.offset, paging.limit);
    return new PageOf(teams, total, paging);
  }

  /** One page of the user's teams, each with its organization. */
  async teamsOfUser(user: Owner, paging: PageRequest): Promise<PageOf<{ team: Team; org: Owner }>> {
    const [teams, total] = await this.teams.listForUser(user.id, paging.offset, paging.limit);
    const orgs = new Map<number, Owner>();
    for (const orgId of new Set(teams.map((team) => team.orgId))) {
      const org = await this.owners.findById(orgId);
      if (org) orgs.set(orgId, org);
    }
    const items = teams.filter((team) => orgs.has(team.orgId)).map((team) => ({ team, org: orgs.get(team.orgId) as Owner }));
    return new PageOf(items, total, paging);
  }

  /** Every organization, whatever its visibility (for site admins), ordered by name. */
  async allOrganizations(paging: PageRequest): Promise<PageOf<Owner>> {
    const [orgs, total] = await this.owners.search({ kind: 'organization' }, paging.offset, paging.limit);
    return new PageOf(orgs, total, paging);
  }

  /**
   * As Forgejo decides: the strongest permission among the user's teams in
   * the organization (the Owners team is `owner`), and whether any of those
   * teams may create repositories.
   */
  async permissionsIn(org: Owner, user: Owner): Promise<OrgPermissions> {
    const search = { keyword: '', includeDescription: false, memberId: user.id };
    const [teams] = await this.teams.searchInOrg(org.id, search, 0, ALL_TEAMS);
    const level = Math.max(0, ...teams.map((team) => LEVEL[team.permission]));
    return {
      can_create_repository: teams.some((team) => team.canCreateOrgRepo || team.permission === 'owner'),
      can_read: level >= LEVEL.read,
      can_write: level >= LEVEL.write,
      is_admin: level >= LEVEL.admin,
      is_owner: level >= LEVEL.owner,
    };
  }
}
