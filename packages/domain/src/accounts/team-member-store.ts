import { Owner, OwnerVisibilityFilter } from './owner';

/**
 * Port: team memberships, and the organization memberships they imply: a user
 * is a member of an organization when they are a member of any of its teams.
 * Lists of owners are ordered by lower-case name.
 */
export abstract class TeamMemberStore {
  /** Adds the user to the team; adding an existing member changes nothing. */
  abstract add(teamId: number, userId: number): Promise<void>;
  /** Removes the user from the team; removing a non-member changes nothing. A user who is no longer a member of the organization loses the public flag too. */
  abstract remove(teamId: number, userId: number): Promise<void>;
  abstract isTeamMember(teamId: number, userId: number): Promise<boolean>;
  abstract countTeamMembers(teamId: number): Promise<number>;
  /** One page of the team's members and the number of all. */
  abstract listTeamMembers(teamId: number, skip: number, take: number): Promise<[Owner[], number]>;
  /** Whether the user is a member of any team of the organization. */
  abstract isOrgMember(orgId: number, userId: number): Promise<boolean>;
  /** One page of the members of the organization's teams (each once) and the number of all. */
  abstract listOrgMembers(orgId: number, skip: number, take: number): Promise<[Owner[], number]>;
  /** Removes the user from every team of the organization. */
  abstract removeFromOrg(orgId: number, userId: number): Promise<void>;
  /**
   * One page of the organizations the user is a member of, restricted to those
   * the filter lets a viewer see, and with `publicOnly` to those where the
   * user made the membership public; and the number of all.
   */
  abstract listOrgsOfUser(
    userId: number,
    skip: number,
    take: number,
    visibleTo?: OwnerVisibilityFilter,
    publicOnly?: boolean,
  ): Promise<[Owner[], number]>;
  /** The ids of the organizations in which the user is the only member of the Owners team. */
  abstract soleOwnedOrgIds(userId: number): Promise<number[]>;
}
