import { BUILT_IN_GROUP_NAME, BUILT_IN_RULE_NAME, QuotaGroup, builtInGroup, effectiveGroups, groupsToEvaluate } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother } from './quota-mother';

describe("an owner's effective groups", () => {
  const silver = QuotaGroupMother.named('silver', QuotaRuleMother.totalOf(10));
  const gold = QuotaGroupMother.named('gold', QuotaRuleMother.totalOf(100));
  const existing = new Map<string, QuotaGroup>([
    [silver.name, silver],
    [gold.name, gold],
  ]);
  const find = (name: string) => existing.get(name);

  it('are the assigned groups when there are any, whatever the defaults say', () => {
    expect(effectiveGroups([gold], { defaultGroups: ['silver'], defaultTotal: 5 }, find)).toEqual([gold]);
  });

  it('are the groups named in DEFAULT_GROUPS when none is assigned, in configured order', () => {
    expect(effectiveGroups([], { defaultGroups: ['gold', 'silver'], defaultTotal: 5 }, find)).toEqual([gold, silver]);
  });

  it('ignore default group names that do not exist, and repeated names', () => {
    expect(effectiveGroups([], { defaultGroups: ['nope', 'silver', 'silver'], defaultTotal: 5 }, find)).toEqual([silver]);
  });

  it('are none when no default group exists: the built-in group is not one of them', () => {
    expect(effectiveGroups([], { defaultGroups: ['nope'], defaultTotal: 5 }, find)).toEqual([]);
    expect(effectiveGroups([], { defaultGroups: [], defaultTotal: -1 }, find)).toEqual([]);
  });

  it('are evaluated as the built-in group over size:all with [quota.default] TOTAL when there are none', () => {
    expect(groupsToEvaluate([], 5).map((g) => g.toInfo())).toEqual([
      { name: BUILT_IN_GROUP_NAME, rules: [{ name: BUILT_IN_RULE_NAME, limit: 5, subjects: ['size:all'] }] },
    ]);
    expect(groupsToEvaluate([], -1)[0].rules[0].isUnlimited).toBe(true);
    expect(groupsToEvaluate([silver], 5)).toEqual([silver]);
  });

  it('refuse a TOTAL below -1', () => {
    expect(() => builtInGroup(-2)).toThrow(/limit/);
  });
});
