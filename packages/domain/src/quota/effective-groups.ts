import { QuotaGroup } from './group';
import { QuotaRule } from './rule';

/** The operator's quota settings: `[quota] DEFAULT_GROUPS` and `[quota.default] TOTAL`. */
export interface QuotaDefaults {
  /** Group names used for owners with no assigned group; names of groups that do not exist are ignored. */
  readonly defaultGroups: readonly string[];
  /** Limit of the built-in rule over `size:all` (-1 = unlimited). */
  readonly defaultTotal: number;
}

/**
 * Names of the built-in group and its single rule (Forgejo's). They appear only
 * in explanations: the built-in group is never listed among an owner's groups,
 * so a real group an operator names the same stays distinguishable.
 */
export const BUILT_IN_GROUP_NAME = 'builtin-default-group';
export const BUILT_IN_RULE_NAME = 'builtin-default-rule';

/** The built-in group: one rule `{limit: defaultTotal, subjects: ['size:all']}`. */
export function builtInGroup(defaultTotal: number): QuotaGroup {
  const rule = QuotaRule.create({ name: BUILT_IN_RULE_NAME, limit: defaultTotal, subjects: ['size:all'] });
  return QuotaGroup.create(BUILT_IN_GROUP_NAME, [rule]);
}

/**
 * An owner's effective groups, by precedence: the groups assigned to it; else
 * the existing groups named in DEFAULT_GROUPS (in the configured order, each
 * once); else none. This is the list an owner is shown (Forgejo's `groups`).
 *
 * `findGroup` looks a group up by name among the groups that exist.
 */
export function effectiveGroups(
  assigned: readonly QuotaGroup[],
  defaults: QuotaDefaults,
  findGroup: (name: string) => QuotaGroup | undefined,
): QuotaGroup[] {
  if (assigned.length > 0) return [...assigned];
  return [...new Set(defaults.defaultGroups)].map(findGroup).filter((group): group is QuotaGroup => group !== undefined);
}

/**
 * The groups a check evaluates: the effective groups, or, when there are none,
 * the built-in group over `size:all` with `[quota.default] TOTAL`. So TOTAL
 * limits an owner no group applies to without appearing among its groups.
 */
export function groupsToEvaluate(effective: readonly QuotaGroup[], defaultTotal: number): QuotaGroup[] {
  return effective.length > 0 ? [...effective] : [builtInGroup(defaultTotal)];
}
