import { Owner, OwnerKind, OwnerStore, OwnerVisibility, Team, TeamPermission, TeamStore } from '@bellows/domain';

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
  const now = new Date();
  return owners.insert({
    name: fields.name ?? freshName(fields.kind === 'organization' ? 'org' : 'user'),
    kind: fields.kind ?? 'user',
    fullName: '',
    email: '',
    passwordHash: null,
    isAdmin: false,
    isActive: true,
    prohibitLogin: false,
    visibility: fields.visibility ?? 'public',
    description: '',
    website: '',
    location: '',
    totpSecret: null,
    totpEnabled: false,
    createdAt: now,
    updatedAt: now,
    lastLoginAt: null,
  });
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
