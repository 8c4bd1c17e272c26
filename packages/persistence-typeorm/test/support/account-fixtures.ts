import { Owner, OwnerKind, OwnerStore, OwnerVisibility, Team, TeamPermission, TeamStore } from '@bellows/domain';
import { newOwnerFields } from '../../src/testing/owners';

let seq = 0;

/** A name no other test of the run uses (owner names are at most 40 characters). */
export function freshName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${seq++}`;
}

/** A user or organization stored through the OwnerStore port. */
export function newOwner(
  owners: OwnerStore,
  fields: { kind?: OwnerKind; visibility?: OwnerVisibility; name?: string } = {},
): Promise<Owner> {
  return owners.insert(
    newOwnerFields(fields.name ?? freshName(fields.kind === 'organization' ? 'org' : 'user'), {
      kind: fields.kind ?? 'user',
      visibility: fields.visibility ?? 'public',
    }),
  );
}

/** A team stored through the TeamStore port. */
export function newTeam(teams: TeamStore, orgId: number, name: string, permission: TeamPermission = 'read'): Promise<Team> {
  return teams.insert({
    orgId,
    name,
    description: '',
    permission,
    includesAllRepositories: false,
    canCreateOrgRepo: false,
    unitsMap: '{}',
  });
}
