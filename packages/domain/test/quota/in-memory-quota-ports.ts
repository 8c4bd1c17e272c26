import { LimitChange, QuotaGroup, QuotaLimitStore, QuotaRule, QuotaUsage, QuotaUsageReader } from '../../src/quota';

/** Test doubles for the quota ports, keeping everything in maps. */

export class InMemoryUsageReader extends QuotaUsageReader {
  readonly usage = new Map<number, QuotaUsage>();

  async usageOf(ownerId: number): Promise<QuotaUsage> {
    return this.usage.get(ownerId) ?? QuotaUsage.NONE;
  }
}

export class InMemoryLimitStore extends QuotaLimitStore {
  private readonly rules = new Map<string, QuotaRule>();
  private readonly groupRules = new Map<string, Set<string>>();
  private readonly assignments = new Map<number, Set<string>>();

  async listRules(): Promise<QuotaRule[]> {
    return [...this.rules.values()];
  }
  async findRule(name: string): Promise<QuotaRule | undefined> {
    return this.rules.get(name);
  }
  async createRule(rule: QuotaRule): Promise<LimitChange> {
    if (this.rules.has(rule.name)) return 'exists';
    this.rules.set(rule.name, rule);
    return 'ok';
  }
  async updateRule(rule: QuotaRule): Promise<LimitChange> {
    if (!this.rules.has(rule.name)) return 'not-found';
    this.rules.set(rule.name, rule);
    return 'ok';
  }
  async deleteRule(name: string): Promise<LimitChange> {
    if (!this.rules.delete(name)) return 'not-found';
    for (const members of this.groupRules.values()) members.delete(name);
    return 'ok';
  }

  async listGroups(): Promise<QuotaGroup[]> {
    return [...this.groupRules.keys()].map((name) => this.groupNamed(name));
  }
  async findGroup(name: string): Promise<QuotaGroup | undefined> {
    return this.groupRules.has(name) ? this.groupNamed(name) : undefined;
  }
  async createGroup(group: QuotaGroup): Promise<LimitChange> {
    if (this.groupRules.has(group.name)) return 'exists';
    for (const rule of group.rules) if (!this.rules.has(rule.name)) this.rules.set(rule.name, rule);
    this.groupRules.set(group.name, new Set(group.rules.map((r) => r.name)));
    return 'ok';
  }
  async deleteGroup(name: string): Promise<LimitChange> {
    if (!this.groupRules.delete(name)) return 'not-found';
    for (const groups of this.assignments.values()) groups.delete(name);
    return 'ok';
  }
  async addRuleToGroup(groupName: string, ruleName: string): Promise<LimitChange> {
    const members = this.groupRules.get(groupName);
    if (!members || !this.rules.has(ruleName)) return 'not-found';
    if (members.has(ruleName)) return 'exists';
    members.add(ruleName);
    return 'ok';
  }
  async removeRuleFromGroup(groupName: string, ruleName: string): Promise<LimitChange> {
    return this.groupRules.get(groupName)?.delete(ruleName) ? 'ok' : 'not-found';
  }

  async assignedGroupsOf(ownerId: number): Promise<QuotaGroup[]> {
    return [...(this.assignments.get(ownerId) ?? [])].sort().map((name) => this.groupNamed(name));
  }
  async replaceAssignments(ownerId: number, groupNames: readonly string[]): Promise<LimitChange> {
    if (groupNames.some((name) => !this.groupRules.has(name))) return 'not-found';
    this.assignments.set(ownerId, new Set(groupNames));
    return 'ok';
  }
  async assign(ownerId: number, groupName: string): Promise<LimitChange> {
    if (!this.groupRules.has(groupName)) return 'not-found';
    const groups = this.assignments.get(ownerId) ?? new Set<string>();
    if (groups.has(groupName)) return 'exists';
    this.assignments.set(ownerId, groups.add(groupName));
    return 'ok';
  }
  async unassign(ownerId: number, groupName: string): Promise<LimitChange> {
    return this.assignments.get(ownerId)?.delete(groupName) ? 'ok' : 'not-found';
  }
  async ownersInGroup(groupName: string): Promise<number[]> {
    return [...this.assignments.entries()].filter(([, groups]) => groups.has(groupName)).map(([id]) => id).sort((a, b) => a - b);
  }

  private groupNamed(name: string): QuotaGroup {
    const rules = [...(this.groupRules.get(name) ?? [])].map((ruleName) => this.rules.get(ruleName)!);
    return QuotaGroup.create(name, rules);
  }
}
