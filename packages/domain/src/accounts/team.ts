/** A team's access to the organization's repositories; 'owner' is the Owners team's alone. */
export type TeamPermission = 'read' | 'write' | 'admin' | 'owner';

/**
 * A team of an organization as stored. Every organization has one team with
 * permission 'owner' (its Owners team); its members own the organization.
 */
export interface Team {
  id: number;
  orgId: number;
  name: string;
  /** Lower-cased name: unique per organization, so team names are unique case-insensitively. */
  lowerName: string;
  description: string;
  permission: TeamPermission;
  includesAllRepositories: boolean;
  canCreateOrgRepo: boolean;
  /** JSON object from unit name (e.g. `repo.code`) to access (`none|read|write|admin`). */
  unitsMap: string;
}

/** What creating a team takes: every column but the generated ones. */
export type NewTeam = Omit<Team, 'id' | 'lowerName'>;

/** The columns of a team an edit may write (its lower-case name follows the name). */
export type TeamChanges = Partial<
  Pick<Team, 'name' | 'description' | 'permission' | 'includesAllRepositories' | 'canCreateOrgRepo' | 'unitsMap'>
>;

/** Raised by the store when a team would take a name another team of its organization has (case-insensitively). */
export class TeamNameTakenError extends Error {
  constructor(readonly teamName: string) {
    super(`team "${teamName}" already exists in this organization`);
    this.name = 'TeamNameTakenError';
  }
}

/** What a team search matches: a keyword in the name (and the description), optionally only teams of one member. */
export interface TeamSearch {
  keyword: string;
  includeDescription: boolean;
  memberId?: number;
}
