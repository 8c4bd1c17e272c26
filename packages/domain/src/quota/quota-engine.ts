import { QuotaDefaults, effectiveGroups, groupsToEvaluate } from './effective-groups';
import { explainQuota, isOverQuota, QuotaExplanation } from './evaluate';
import { QuotaGroup } from './group';
import { RuleStanding, ruleStandings } from './rule-standing';
import { QuotaLimitStore, QuotaUsageReader } from './ports';
import { QuotaSubject, parseQuotaSubject } from './subject';
import { QuotaUsed } from './usage';

/** A rule as an owner sees it: the name only when names are shown (Forgejo omits it otherwise). */
export interface QuotaRuleView {
  name?: string;
  limit: number;
  subjects: QuotaSubject[];
}

/** A group as an owner sees it: the name only when names are shown. */
export interface QuotaGroupView {
  name?: string;
  rules: QuotaRuleView[];
}

/** Forgejo's QuotaInfo: what an owner uses and the groups that apply to it (none: `[]`). */
export interface QuotaInfo {
  used: QuotaUsed;
  groups: QuotaGroupView[];
}

/** Whether QuotaInfo carries rule and group names (the operator's plan names). */
export interface QuotaInfoOptions {
  withNames: boolean;
}

/**
 * The quota use cases for one owner: its quota information and the check of one
 * subject. Reads only; the engine never enforces anything.
 */
export class QuotaEngine {
  constructor(
    private readonly usage: QuotaUsageReader,
    private readonly limits: QuotaLimitStore,
    private readonly defaults: QuotaDefaults,
  ) {}

  /** Assigned groups, else the existing DEFAULT_GROUPS, else none. */
  async effectiveGroupsOf(ownerId: number): Promise<QuotaGroup[]> {
    const assigned = await this.limits.assignedGroupsOf(ownerId);
    if (assigned.length > 0) return assigned;
    const found = await Promise.all(this.defaults.defaultGroups.map((name) => this.limits.findGroup(name)));
    const byName = new Map(found.filter((g): g is QuotaGroup => g !== undefined).map((g) => [g.name, g]));
    return effectiveGroups([], this.defaults, (name) => byName.get(name));
  }

  async info(ownerId: number, options: QuotaInfoOptions = { withNames: true }): Promise<QuotaInfo> {
    const [usage, groups] = await Promise.all([this.usage.usageOf(ownerId), this.effectiveGroupsOf(ownerId)]);
    const shown = groups.map((group) => group.toInfo());
    return { used: usage.toUsed(), groups: options.withNames ? shown : shown.map(withoutNames) };
  }

  /**
   * Whether the owner is over quota for the subject. The subject is validated
   * before anything is read: a bad one throws a QuotaValidationError (→ 422).
   */
  async check(ownerId: number, subject: unknown): Promise<boolean> {
    const parsed = parseQuotaSubject(subject);
    const [usage, groups] = await Promise.all([this.usage.usageOf(ownerId), this.groupsToEvaluateFor(ownerId)]);
    return isOverQuota(groups, usage, parsed);
  }

  /** The check with its reasons, group by group and rule by rule. */
  async explain(ownerId: number, subject: unknown): Promise<QuotaExplanation> {
    const parsed = parseQuotaSubject(subject);
    const [usage, groups] = await Promise.all([this.usage.usageOf(ownerId), this.groupsToEvaluateFor(ownerId)]);
    return explainQuota(groups, usage, parsed);
  }

  /**
   * How far each rule the owner is checked against is used: its effective
   * groups' rules, or the built-in rule over `size:all` when it has none.
   */
  async standings(ownerId: number): Promise<RuleStanding[]> {
    const [usage, groups] = await Promise.all([this.usage.usageOf(ownerId), this.groupsToEvaluateFor(ownerId)]);
    return ruleStandings(groups, usage);
  }

  /** The groups a check evaluates for the owner (see groupsToEvaluate). */
  async groupsToEvaluateFor(ownerId: number): Promise<QuotaGroup[]> {
    return groupsToEvaluate(await this.effectiveGroupsOf(ownerId), this.defaults.defaultTotal);
  }
}

function withoutNames(group: QuotaGroupView): QuotaGroupView {
  return { rules: group.rules.map(({ limit, subjects }) => ({ limit, subjects })) };
}
