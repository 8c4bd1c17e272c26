import { BUILT_IN_GROUP_NAME, QuotaGroup, builtInGroup, effectiveGroups } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother } from './quota-mother';

describe("an owner's effective groups", () => {
  const silver = QuotaGroupMother.named('silver', QuotaRuleMother.totalOf(10));
  const gold = QuotaGroupMother.named('gold', QuotaRuleMother.totalOf(100));
  const existing = new Map<string, QuotaGroup>([[silver.name, silver], [gold.name, gold]]);
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

  it('are the built-in group over size:all with [quota.default] TOTAL when no default group exists', () => {
    const groups = effectiveGroups([], { defaultGroups: ['nope'], defaultTotal: 5 }, find);
    expect(groups.map((g) => g.toInfo())).toEqual([
      { name: BUILT_IN_GROUP_NAME, rules: [{ name: BUILT_IN_GROUP_NAME, limit: 5, subjects: ['size:all'] }] },
    ]);
  });

  it('are the built-in group when DEFAULT_GROUPS is empty; with the default TOTAL -1 it limits nothing', () => {
    const [group] = effectiveGroups([], { defaultGroups: [], defaultTotal: -1 }, find);
    expect(group.toInfo()).toEqual(builtInGroup(-1).toInfo());
    expect(group.rules[0].isUnlimited).toBe(true);
  });

  it('refuse a TOTAL below -1', () => {
    expect(() => builtInGroup(-2)).toThrow(/limit/);
  });
});
