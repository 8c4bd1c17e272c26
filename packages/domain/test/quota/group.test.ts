import { QuotaGroup, QuotaGroupList } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother, UsageMother } from './quota-mother';

describe('a quota group', () => {
  it('stands when all of its rules stand', () => {
    const group = QuotaGroupMother.of(QuotaRuleMother.totalOf(100), QuotaRuleMother.limiting(10, 'size:git:lfs'));
    expect(group.standsWith(UsageMother.of({ 'git:lfs': 10, packages: 90 }))).toBe(true);
  });

  it('does not stand when one rule breaks', () => {
    const group = QuotaGroupMother.of(QuotaRuleMother.totalOf(100), QuotaRuleMother.limiting(10, 'size:git:lfs'));
    expect(group.standsWith(UsageMother.of({ 'git:lfs': 11 }))).toBe(false);
    expect(group.standsWith(UsageMother.of({ packages: 101 }))).toBe(false);
  });

  it('without rules limits nothing', () => {
    expect(QuotaGroupMother.of().standsWith(UsageMother.everywhere(10 ** 12))).toBe(true);
  });

  it("answers Forgejo's QuotaGroup shape", () => {
    const group = QuotaGroupMother.named('team', QuotaRuleMother.named('small', 5, 'size:all'));
    expect(group.toInfo()).toEqual({ name: 'team', rules: [{ name: 'small', limit: 5, subjects: ['size:all'] }] });
  });

  it('refuses an empty name', () => {
    expect(() => QuotaGroup.create('')).toThrow(/name is required/);
  });

  describe('worked example: A limits releases+packages+LFS together, B limits packages lower', () => {
    const ruleA = QuotaRuleMother.named('A', 1000, 'size:assets:attachments:releases', 'size:assets:packages:all', 'size:git:lfs');
    const ruleB = QuotaRuleMother.named('B', 300, 'size:assets:packages:all');
    const group = QuotaGroupMother.of(ruleA, ruleB);

    it('stands while both hold', () => {
      const usage = UsageMother.of({ 'attachments:releases': 400, packages: 300, 'git:lfs': 300 });
      expect(ruleA.standsWith(usage) && ruleB.standsWith(usage)).toBe(true);
      expect(group.standsWith(usage)).toBe(true);
    });

    it('usage breaking B makes the group fail even though A holds', () => {
      const usage = UsageMother.of({ packages: 301 });
      expect(ruleA.standsWith(usage)).toBe(true);
      expect(group.standsWith(usage)).toBe(false);
    });

    it('usage breaking A through the combined sum makes the group fail even though B holds', () => {
      const usage = UsageMother.of({ 'attachments:releases': 400, packages: 300, 'git:lfs': 301 });
      expect(ruleB.standsWith(usage)).toBe(true);
      expect(group.standsWith(usage)).toBe(false);
    });

    it('bytes outside both rules change nothing', () => {
      const usage = UsageMother.of({ 'repos:private': 10 ** 9, 'attachments:issues': 10 ** 9, artifacts: 10 ** 9 });
      expect(group.standsWith(usage)).toBe(true);
    });
  });
});

describe('a quota group list', () => {
  const tight = QuotaGroupMother.of(QuotaRuleMother.totalOf(10));
  const generous = QuotaGroupMother.of(QuotaRuleMother.totalOf(1000));

  it('stands when any one group stands', () => {
    expect(new QuotaGroupList([tight, generous]).standsWith(UsageMother.of({ packages: 500 }))).toBe(true);
  });

  it('does not stand when no group stands', () => {
    expect(new QuotaGroupList([tight, generous]).standsWith(UsageMother.of({ packages: 1001 }))).toBe(false);
  });

  it('stands when empty: an owner no group applies to is never over quota', () => {
    expect(new QuotaGroupList([]).standsWith(UsageMother.everywhere(10 ** 12))).toBe(true);
  });
});
