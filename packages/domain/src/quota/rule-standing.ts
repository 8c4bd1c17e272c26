import { QuotaGroup } from './group';
import { QuotaSubject } from './subject';
import { QuotaUsage } from './usage';

/** How far one rule of one group is used: what a storage page draws and what a warning measures. */
export interface RuleStanding {
  readonly group: string;
  readonly rule: string;
  readonly subjects: readonly QuotaSubject[];
  /** Bytes, or -1 for unlimited. */
  readonly limit: number;
  /** Bytes the rule counts: the union of its subjects, each byte once. */
  readonly used: number;
  /**
   * `used` as a percent of `limit` (unrounded; above 100 when over). Null for
   * an unlimited rule, which is never near its limit. A limit of 0 is at 0 %
   * while nothing is stored and at Infinity % once anything is.
   */
  readonly percent: number | null;
}

/** Every rule of every group, in group order and each group's rule order. */
export function ruleStandings(groups: readonly QuotaGroup[], usage: QuotaUsage): RuleStanding[] {
  return groups.flatMap((group) =>
    group.rules.map((rule) => {
      const used = rule.usageIn(usage);
      return {
        group: group.name,
        rule: rule.name,
        subjects: [...rule.subjects],
        limit: rule.limit,
        used,
        percent: percentOf(used, rule.limit),
      };
    }),
  );
}

/** The limited rule with the highest percent (the first of equals), or undefined when every rule is unlimited. */
export function closestToLimit(standings: readonly RuleStanding[]): RuleStanding | undefined {
  let closest: RuleStanding | undefined;
  for (const standing of standings) {
    if (standing.percent === null) continue;
    if (closest === undefined || standing.percent > (closest.percent as number)) closest = standing;
  }
  return closest;
}

function percentOf(used: number, limit: number): number | null {
  if (limit < 0) return null;
  if (limit === 0) return used > 0 ? Infinity : 0;
  return (used * 100) / limit;
}
