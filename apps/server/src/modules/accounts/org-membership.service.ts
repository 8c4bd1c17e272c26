import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Owner, OwnerStore, OwnerVisibilityFilter, TeamMemberStore, TeamStore } from '@bellows/domain';

/**
 * Who belongs to an organization and who may see or run it. The members of an
 * organization are the members of its teams; its owners are the members of its
 * Owners team. Site admins may do everything an owner may.
 */
@Injectable()
export class OrgMembershipService {
  constructor(
    private readonly owners: OwnerStore,
    private readonly teams: TeamStore,
    private readonly teamMembers: TeamMemberStore,
  ) {}

  async isMember(org: Owner, user: Owner | undefined): Promise<boolean> {
    return user !== undefined && this.teamMembers.isOrgMember(org.id, user.id);
  }

  async isOwner(org: Owner, user: Owner | undefined): Promise<boolean> {
    if (!user) return false;
    const owners = await this.teams.findOwnersTeam(org.id);
    return owners !== null && this.teamMembers.isTeamMember(owners.id, user.id);
  }

  /** Members and site admins see every member of the organization; others only its public members (as in Forgejo). */
  async mayListAllMembers(org: Owner, viewer: Owner | undefined): Promise<boolean> {
    return viewer?.isAdmin === true || this.isMember(org, viewer);
  }

  /** Owners and site admins may edit the organization and manage its teams. */
  async mayManage(org: Owner, user: Owner | undefined): Promise<boolean> {
    return user?.isAdmin === true || this.isOwner(org, user);
  }

  /**
   * Whether `viewer` may know the owner exists: public to all, limited to
   * signed-in callers, private to the account itself, an organization's
   * members, and site admins.
   */
  async canSee(owner: Owner, viewer: Owner | undefined): Promise<boolean> {
    if (owner.visibility === 'public' || viewer?.isAdmin || viewer?.id === owner.id) return true;
    if (owner.visibility === 'limited') return viewer !== undefined;
    return owner.kind === 'organization' && this.isMember(owner, viewer);
  }

  /** The organization named `name` if `viewer` may see it; otherwise 404, as if it did not exist. */
  async findVisibleOrg(name: string, viewer: Owner | undefined): Promise<Owner> {
    const org = await this.owners.findByName(name);
    if (!org || org.kind !== 'organization' || !(await this.canSee(org, viewer))) {
      throw new NotFoundException(`organization "${name}" does not exist`);
    }
    return org;
  }

  /** The visible organization, when `user` may manage it (403 when they may only see it). */
  async findManageableOrg(name: string, user: Owner | undefined): Promise<Owner> {
    const org = await this.findVisibleOrg(name, user);
    await this.assertMayManage(org, user);
    return org;
  }

  async assertMayManage(org: Owner, user: Owner | undefined): Promise<void> {
    if (!(await this.mayManage(org, user))) throw new ForbiddenException(`you must be an owner of "${org.name}"`);
  }

  /** Teams are for the organization's members (and site admins): 404 when the org is hidden, 403 when it is not. */
  async assertMayReadTeams(org: Owner, user: Owner | undefined): Promise<void> {
    if (!(await this.canSee(org, user))) throw new NotFoundException(`organization "${org.name}" does not exist`);
    if (!user?.isAdmin && !(await this.isMember(org, user))) throw new ForbiddenException(`you must be a member of "${org.name}"`);
  }
}

/** The list filter matching `canSee`, for queries that return many owners. */
export function visibilityFilterFor(viewer: Owner | undefined): OwnerVisibilityFilter | undefined {
  if (viewer?.isAdmin) return undefined;
  if (!viewer) return { visibilities: ['public'] };
  return { visibilities: ['public', 'limited'], orId: viewer.id, orMemberOfUserId: viewer.id };
}
