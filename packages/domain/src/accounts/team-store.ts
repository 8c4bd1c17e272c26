import { NewTeam, Team, TeamChanges, TeamSearch } from './team';

/** Port: the teams of organizations. Names are looked up case-insensitively within an organization. */
export abstract class TeamStore {
  /** Stores a new team; TeamNameTakenError when another team of the organization has the name (case-insensitively). */
  abstract insert(team: NewTeam): Promise<Team>;
  /**
   * Writes exactly the given columns by id, so a concurrent change of another
   * column stays; false when the team is gone (a deleted team is never written
   * back). No changes at all answers whether the team exists. A name taken in
   * the organization is a TeamNameTakenError, as on insert.
   */
  abstract update(id: number, changes: TeamChanges): Promise<boolean>;
  /** The team of that id; null for an id no team has, however large. */
  abstract findById(id: number): Promise<Team | null>;
  abstract findByOrgAndName(orgId: number, name: string): Promise<Team | null>;
  /** The organization's Owners team: the one team with permission 'owner'. */
  abstract findOwnersTeam(orgId: number): Promise<Team | null>;
  /** One page of the organization's teams in the order they were created, and the number of all. */
  abstract listForOrg(orgId: number, skip: number, take: number): Promise<[Team[], number]>;
  /**
   * One page of the organization's teams whose name (or, with `includeDescription`,
   * description) contains `keyword` case-insensitively, restricted to the teams
   * `memberId` belongs to when given; in the order they were created, and the number of all.
   */
  abstract searchInOrg(orgId: number, search: TeamSearch, skip: number, take: number): Promise<[Team[], number]>;
  /** One page of the teams `userId` is a member of, across organizations, ordered by id, and the number of all. */
  abstract listForUser(userId: number, skip: number, take: number): Promise<[Team[], number]>;
  /** Deletes the team with its memberships; deleting a missing team changes nothing. */
  abstract delete(id: number): Promise<void>;
}
