/**
 * The repository units a team can be given access to, with Forgejo's names, and
 * the conversion between the two forms clients send: `units` (a list, every unit
 * at the team's permission) and `units_map` (unit → access).
 */
export const TEAM_UNITS = [
  'repo.actions',
  'repo.code',
  'repo.ext_issues',
  'repo.ext_wiki',
  'repo.issues',
  'repo.packages',
  'repo.projects',
  'repo.pulls',
  'repo.releases',
  'repo.wiki',
] as const;

export const UNIT_ACCESS_LEVELS = ['none', 'read', 'write', 'admin'] as const;
export type UnitAccess = (typeof UNIT_ACCESS_LEVELS)[number];
export type UnitsMap = Record<string, UnitAccess>;

export function isTeamUnit(name: string): boolean {
  return (TEAM_UNITS as readonly string[]).includes(name);
}

/** Every unit at one access level: what a team gets when it names no units. */
export function allUnitsAt(access: UnitAccess): UnitsMap {
  return Object.fromEntries(TEAM_UNITS.map((unit) => [unit, access]));
}

/** `units` as a map: each listed unit at the team's permission (an owner team's units are 'admin'). */
export function unitsListToMap(units: string[], permission: string): UnitsMap {
  const access: UnitAccess = permission === 'read' || permission === 'write' ? permission : 'admin';
  return Object.fromEntries(units.map((unit) => [unit, access]));
}

/** The units the team can use at all: the list form of the map. */
export function unitsMapToList(map: UnitsMap): string[] {
  return Object.entries(map)
    .filter(([, access]) => access !== 'none')
    .map(([unit]) => unit)
    .sort();
}

export function parseStoredUnitsMap(stored: string): UnitsMap {
  try {
    const parsed = JSON.parse(stored) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as UnitsMap) : {};
  } catch {
    return {};
  }
}
