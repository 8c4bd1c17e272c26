import { Team } from '@bellows/domain';
import { parseStoredUnitsMap } from '../accounts/team-units';

/**
 * What a caller may do in a repository, weakest first: `read` (see and clone),
 * `write` (push, edit files), `admin` (settings, collaborators, delete),
 * `owner` (the user who owns it, or a site admin).
 */
export type RepoPermission = 'none' | 'read' | 'write' | 'admin' | 'owner';

const RANK: Record<RepoPermission, number> = { none: 0, read: 1, write: 2, admin: 3, owner: 4 };

export function atLeast(permission: RepoPermission, required: RepoPermission): boolean {
  return RANK[permission] >= RANK[required];
}

export function strongest(...permissions: RepoPermission[]): RepoPermission {
  return permissions.reduce((best, next) => (RANK[next] > RANK[best] ? next : best), 'none');
}

/**
 * What membership of a team grants in one of the repositories it reaches: the
 * Owners team and admin teams administer; other teams get their access to the
 * code unit (`units_map['repo.code']`), or their permission when no map says.
 */
export function teamGrant(team: Pick<Team, 'permission' | 'unitsMap'>): RepoPermission {
  if (team.permission === 'owner' || team.permission === 'admin') return 'admin';
  const code = parseStoredUnitsMap(team.unitsMap)['repo.code'];
  if (code === 'none' || code === 'read' || code === 'write' || code === 'admin') return code;
  return team.permission;
}
