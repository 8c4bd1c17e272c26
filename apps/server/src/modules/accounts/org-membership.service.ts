import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { OwnerVisibilityFilter } from '@bellows/domain';
import { Database, OwnerEntity } from '@bellows/persistence-typeorm';

/**
 * Who belongs to an organization and who may see or run it. The members of an
 * organization are the members of its teams; its owners are the members of its
 * Owners team. Site admins may do everything an owner may.
 */
@Injectable()
export class OrgMembershipService {
  constructor(private readonly db: Database) {}

  async isMember(org: OwnerEntity, user: OwnerEntity | undefined): Promise<boolean> {
    return user !== undefined && this.db.teamMembers.isOrgMember(org.id, user.id);
  }

  async isOwner(org: OwnerEntity, user: OwnerEntity | undefined): Promise<boolean> {
    if (!user) return false;
    const owners = await this.db.teams.findOwnersTeam(org.id);
    return owners !== null && this.db.teamMembers.isTeamMember(owners.id, user.id);
  }

  /** Owners and site admins may edit the organization and manage its teams. */
  async mayManage(org: OwnerEntity, user: OwnerEntity | undefined): Promise<boolean> {
    return user?.isAdmin === true || this.isOwner(org, user);
  }

  /**
   * Whether `viewer` may know the owner exists: public to all, limited to
   * signed-in callers, private to the account itself, an organization's
   * members, and site admins.
   */
  async canSee(owner: OwnerEntity, viewer: OwnerEntity | undefined): Promise<boolean> {
    if (owner.visibility === 'public' || viewer?.isAdmin || viewer?.id === owner.id) return true;
    if (owner.visibility === 'limited') return viewer !== undefined;
    return owner.kind === 'organization' && this.isMember(owner, viewer);
  }

  /** The organization named `name` if `viewer` may see it; otherwise 404, as if it did not exist. */
  async findVisibleOrg(name: string, viewer: OwnerEntity | undefined): Promise<OwnerEntity> {
    const org = await this.db.owners.findByName(name);
    if (!org || org.kind !== 'organization' || !(await this.canSee(org, viewer))) {
      throw new NotFoundException(`organization "${name}" does not exist`);
    }
    return org;
  }

  /** The visible organization, when `user` may manage it (403 when they may only see it). */
  async findManageableOrg(name: string, user: OwnerEntity | undefined): Promise<OwnerEntity> {
    const org = await this.findVisibleOrg(name, user);
    await this.assertMayManage(org, user);
    return org;
  }

  async assertMayManage(org: OwnerEntity, user: OwnerEntity | undefined): Promise<void> {
    if (!(await this.mayManage(org, user))) throw new ForbiddenException(`you must be an owner of "${org.name}"`);
  }

  /** Teams are for the organization's members (and site admins): 404 when the org is hidden, 403 when it is not. */
  async assertMayReadTeams(org: OwnerEntity, user: OwnerEntity | undefined): Promise<void> {
    if (!(await this.canSee(org, user))) throw new NotFoundException(`organization "${org.name}" does not exist`);
    if (!user?.isAdmin && !(await this.isMember(org, user))) throw new ForbiddenException(`you must be a member of "${org.name}"`);
  }
}

/** The list filter matching `canSee`, for queries that return many owners. */
export function visibilityFilterFor(viewer: OwnerEntity | undefined): OwnerVisibilityFilter | undefined {
  if (viewer?.isAdmin) return undefined;
  if (!viewer) return { visibilities: ['public'] };
  return { visibilities: ['public', 'limited'], orId: viewer.id, orMemberOfUserId: viewer.id };
}
