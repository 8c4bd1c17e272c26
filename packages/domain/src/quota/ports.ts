import { QuotaGroup } from './group';
import { QuotaRule } from './rule';
import { QuotaUsage } from './usage';

/**
 * The ports the quota engine needs from the outside. Abstract classes rather than
 * interfaces so that they also serve as dependency-injection tokens.
 * Owners (users and organizations alike) are identified by their numeric id.
 */

/** Reads an owner's stored usage totals (cheap: never a scan of every object). */
export abstract class QuotaUsageReader {
  abstract usageOf(ownerId: number): Promise<QuotaUsage>;
}

/**
 * What a change to the stored limits did. The HTTP layer maps these to Forgejo's
 * status codes: `ok` → 201/204, `exists` → 409, `not-found` → 404 (or 422 where
 * Forgejo says so).
 */
export type LimitChange = 'ok' | 'exists' | 'not-found';

/** Stores rules, groups and which owners are assigned to which groups. Names are unique per kind. */
export abstract class QuotaLimitStore {
  abstract listRules(): Promise<QuotaRule[]>;
  abstract findRule(name: string): Promise<QuotaRule | undefined>;
  /** `exists` when a rule of that name exists. */
  abstract createRule(rule: QuotaRule): Promise<LimitChange>;
  /** Replaces the limit and subjects of the rule of that name; `not-found` when there is none. */
  abstract updateRule(rule: QuotaRule): Promise<LimitChange>;
  /** Deletes the rule and removes it from every group; `not-found` when there is none. */
  abstract deleteRule(name: string): Promise<LimitChange>;

  abstract listGroups(): Promise<QuotaGroup[]>;
  abstract findGroup(name: string): Promise<QuotaGroup | undefined>;
  /**
   * Creates the group with its rules; a rule of the group that does not exist yet
   * is created, one that exists is used as stored. `exists` when the group name is taken.
   */
  abstract createGroup(group: QuotaGroup): Promise<LimitChange>;
  /** Deletes the group and its assignments (its rules stay); `not-found` when there is none. */
  abstract deleteGroup(name: string): Promise<LimitChange>;
  /** `not-found` when the group or the rule is missing, `exists` when the rule is already in the group. */
  abstract addRuleToGroup(groupName: string, ruleName: string): Promise<LimitChange>;
  /** `not-found` when the group or the rule is missing or the rule is not in the group. */
  abstract removeRuleFromGroup(groupName: string, ruleName: string): Promise<LimitChange>;

  /** The groups assigned to the owner (with their rules), in name order. */
  abstract assignedGroupsOf(ownerId: number): Promise<QuotaGroup[]>;
  /** Assigns exactly these groups (an empty list removes every assignment); `not-found` when a group is missing, and then nothing changes. */
  abstract replaceAssignments(ownerId: number, groupNames: readonly string[]): Promise<LimitChange>;
  /** `not-found` when the group is missing, `exists` when the owner is already in it. */
  abstract assign(ownerId: number, groupName: string): Promise<LimitChange>;
  /** `not-found` when the group is missing or the owner is not in it. */
  abstract unassign(ownerId: number, groupName: string): Promise<LimitChange>;
  /** Ids of the owners assigned to the group, ascending. */
  abstract ownersInGroup(groupName: string): Promise<number[]>;
}
