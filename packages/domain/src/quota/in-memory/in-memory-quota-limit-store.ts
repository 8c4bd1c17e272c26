import { QuotaGroup } from '../group';
import { LimitChange, QuotaLimitStore } from '../ports';
import { QuotaRule } from '../rule';

/**
 * The {@link QuotaLimitStore} port kept in maps: rules, groups and which owners
 * are assigned to which groups. For tests, examples, and apps whose limits are
 * fixed in code. Like Bellows' database adapter, names are unique and looked up
 * case-insensitively (the stored objects keep the name as given) and lists come
 * in name order; both are held to the same contract suite.
 *
 * @example
 * ```ts
 * const limits = new InMemoryQuotaLimitStore();
 * await limits.createGroup(QuotaGroup.create('free', [QuotaRule.create({ name: 'total', limit: 1_000_000, subjects: ['size:all'] })]));
 * await limits.assign(1, 'free');
 * ```
 */
export class InMemoryQuotaLimitStore extends QuotaLimitStore {
  private readonly rules = new Map<string, QuotaRule>();
  /** Group key → its name as given and the keys of its rules. */
  private readonly groups = new Map<string, { name: string; rules: Set<string> }>();
  /** Owner id → keys of its groups. */
  private readonly assignments = new Map<number, Set<string>>();

  async listRules(): Promise<QuotaRule[]> {
    return byKey(this.rules).map(([, rule]) => rule);
  }
  async findRule(name: string): Promise<QuotaRule | undefined> {
    return this.rules.get(key(name));
  }
  async createRule(rule: QuotaRule): Promise<LimitChange> {
    if (this.rules.has(key(rule.name))) return 'exists';
    this.rules.set(key(rule.name), rule);
    return 'ok';
  }
  async updateRule(rule: QuotaRule): Promise<LimitChange> {
    const stored = this.rules.get(key(rule.name));
    if (!stored) return 'not-found';
    this.rules.set(key(rule.name), stored.edit({ limit: rule.limit, subjects: rule.subjects }));
    return 'ok';
  }
  async deleteRule(name: string): Promise<LimitChange> {
    if (!this.rules.delete(key(name))) return 'not-found';
    for (const group of this.groups.values()) group.rules.delete(key(name));
    return 'ok';
  }

  async listGroups(): Promise<QuotaGroup[]> {
    return byKey(this.groups).map(([groupKey]) => this.groupAt(groupKey));
  }
  async findGroup(name: string): Promise<QuotaGroup | undefined> {
    return this.groups.has(key(name)) ? this.groupAt(key(name)) : undefined;
  }
  async createGroup(group: QuotaGroup): Promise<LimitChange> {
    if (this.groups.has(key(group.name))) return 'exists';
    for (const rule of group.rules) if (!this.rules.has(key(rule.name))) this.rules.set(key(rule.name), rule);
    this.groups.set(key(group.name), { name: group.name, rules: new Set(group.rules.map((r) => key(r.name))) });
    return 'ok';
  }
  async deleteGroup(name: string): Promise<LimitChange> {
    if (!this.groups.delete(key(name))) return 'not-found';
    for (const groups of this.assignments.values()) groups.delete(key(name));
    return 'ok';
  }
  async addRuleToGroup(groupName: string, ruleName: string): Promise<LimitChange> {
    const group = this.groups.get(key(groupName));
    if (!group || !this.rules.has(key(ruleName))) return 'not-found';
    if (group.rules.has(key(ruleName))) return 'exists';
    group.rules.add(key(ruleName));
    return 'ok';
  }
  async removeRuleFromGroup(groupName: string, ruleName: string): Promise<LimitChange> {
    return this.groups.get(key(groupName))?.rules.delete(key(ruleName)) ? 'ok' : 'not-found';
  }

  async assignedGroupsOf(ownerId: number): Promise<QuotaGroup[]> {
    return [...(this.assignments.get(ownerId) ?? [])].sort().map((groupKey) => this.groupAt(groupKey));
  }
  async replaceAssignments(ownerId: number, groupNames: readonly string[]): Promise<LimitChange> {
    if (groupNames.some((name) => !this.groups.has(key(name)))) return 'not-found';
    this.assignments.set(ownerId, new Set(groupNames.map(key)));
    return 'ok';
  }
  async assign(ownerId: number, groupName: string): Promise<LimitChange> {
    if (!this.groups.has(key(groupName))) return 'not-found';
    const groups = this.assignments.get(ownerId) ?? new Set<string>();
    if (groups.has(key(groupName))) return 'exists';
    this.assignments.set(ownerId, groups.add(key(groupName)));
    return 'ok';
  }
  async unassign(ownerId: number, groupName: string): Promise<LimitChange> {
    return this.assignments.get(ownerId)?.delete(key(groupName)) ? 'ok' : 'not-found';
  }
  async ownersInGroup(groupName: string): Promise<number[]> {
    return [...this.assignments.entries()]
      .filter(([, groups]) => groups.has(key(groupName)))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  }

  private groupAt(groupKey: string): QuotaGroup {
    const group = this.groups.get(groupKey)!;
    return QuotaGroup.create(
      group.name,
      [...group.rules].map((ruleKey) => this.rules.get(ruleKey)!),
    );
  }
}

function key(name: string): string {
  return name.toLowerCase();
}

function byKey<T>(map: Map<string, T>): [string, T][] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
