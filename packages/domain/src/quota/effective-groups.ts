import { QuotaGroup } from './group';
import { QuotaRule } from './rule';

/** The operator's quota settings: `[quota] DEFAULT_GROUPS` and `[quota.default] TOTAL`. */
export interface QuotaDefaults {
  /** Group names used for owners with no assigned group; names of groups that do not exist are ignored. */
  readonly defaultGroups: readonly string[];
  /** Limit of the built-in rule over `size:all` (-1 = unlimited). */
  readonly defaultTotal: number;
}

/** Name of the built-in group (and of its single rule) used when nothing else applies. */
export const BUILT_IN_GROUP_NAME = 'default';

/** The built-in group: one rule `{limit: defaultTotal, subjects: ['size:all']}`. */
export function builtInGroup(defaultTotal: number): QuotaGroup {
  const rule = QuotaRule.create({ name: BUILT_IN_GROUP_NAME, limit: defaultTotal, subjects: ['size:all'] });
  return QuotaGroup.create(BUILT_IN_GROUP_NAME, [rule]);
}

/**
 * An owner's effective groups, by precedence: the groups assigned to it; else
 * the existing groups named in DEFAULT_GROUPS (in the configured order, each
 * once); else the built-in group. The result is never empty.
 *
 * `findGroup` looks a group up by name among the groups that exist.
 */
export function effectiveGroups(
  assigned: readonly QuotaGroup[],
  defaults: QuotaDefaults,
  findGroup: (name: string) => QuotaGroup | undefined,
): QuotaGroup[] {
  if (assigned.length > 0) return [...assigned];
  const configured = [...new Set(defaults.defaultGroups)]
    .map(findGroup)
    .filter((group): group is QuotaGroup => group !== undefined);
  if (configured.length > 0) return configured;
  return [builtInGroup(defaults.defaultTotal)];
}
