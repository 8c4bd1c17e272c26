import { isOverQuota } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother, UsageMother } from './quota-mother';

/**
 * One test per sentence of docs/quota.md "Differences from Forgejo" (and of what
 * now agrees with it). Each names what Forgejo answers, read in its source
 * (models/quota: a check walks from the subject up to its parents until a rule
 * names one; a matching rule allows while used < limit; a group list in which
 * no group has a matching rule denies), and asserts what Bellows answers.
 */
describe('quota evaluation compared with Forgejo', () => {
  describe('agrees', () => {
    it('a rule on a parent subject limits its children: size:all limits size:repos:public', () => {
      const group = QuotaGroupMother.of(QuotaRuleMother.totalOf(100));
      const usage = UsageMother.of({ 'repos:public': 150 });
      expect(isOverQuota([group], usage, 'size:repos:public')).toBe(true); // Forgejo: denied too
      expect(isOverQuota([group], usage, 'size:git:all')).toBe(true);
    });

    it('a group stands for a subject when every rule limiting it stands; any standing group is enough', () => {
      const small = QuotaGroupMother.of(QuotaRuleMother.totalOf(10));
      const large = QuotaGroupMother.of(QuotaRuleMother.totalOf(1000));
      expect(isOverQuota([small, large], UsageMother.of({ packages: 500 }), 'size:all')).toBe(false);
    });
  });

  describe('differs', () => {
    it('a child rule limits its parent: an LFS rule over its limit makes size:all over quota (Forgejo: within)', () => {
      const group = QuotaGroupMother.of(QuotaRuleMother.totalOf(1000), QuotaRuleMother.limiting(10, 'size:git:lfs'));
      const usage = UsageMother.of({ 'git:lfs': 20 });
      expect(isOverQuota([group], usage, 'size:all')).toBe(true);
      expect(isOverQuota([group], usage, 'size:git:all')).toBe(true);
      expect(isOverQuota([group], usage, 'size:repos:all')).toBe(false);
    });

    it('usage equal to the limit is within quota (Forgejo: over, it allows only used < limit)', () => {
      const group = QuotaGroupMother.of(QuotaRuleMother.totalOf(100));
      expect(isOverQuota([group], UsageMother.of({ 'repos:public': 100 }), 'size:all')).toBe(false);
      expect(isOverQuota([group], UsageMother.of({ 'repos:public': 101 }), 'size:all')).toBe(true);
      const nothing = QuotaGroupMother.of(QuotaRuleMother.totalOf(0));
      expect(isOverQuota([nothing], UsageMother.none(), 'size:all')).toBe(false);
    });

    it('a subject no rule limits is within quota (Forgejo: over, when the owner has groups and none names it or a parent)', () => {
      const lfsOnly = QuotaGroupMother.of(QuotaRuleMother.limiting(10, 'size:git:lfs'));
      const usage = UsageMother.of({ 'repos:public': 5000, packages: 5000 });
      expect(isOverQuota([lfsOnly], usage, 'size:repos:all')).toBe(false);
      expect(isOverQuota([lfsOnly], usage, 'size:assets:packages:all')).toBe(false);
    });

    it('a rule with no subjects limits nothing, so it changes no answer (Forgejo: its group then covers nothing, and uncovered is over)', () => {
      const empty = QuotaGroupMother.of(QuotaRuleMother.limiting(0));
      expect(isOverQuota([empty], UsageMother.everywhere(100), 'size:all')).toBe(false);
    });

    it('each byte counts once in a rule: size:all + size:repos:all counts repositories once (Forgejo: twice)', () => {
      const group = QuotaGroupMother.of(QuotaRuleMother.limiting(150, 'size:all', 'size:repos:all'));
      expect(isOverQuota([group], UsageMother.of({ 'repos:public': 100 }), 'size:all')).toBe(false);
    });

    it('size:wiki is never over quota, the wiki is not counted (Forgejo: a size:all rule over its limit denies the wiki)', () => {
      const group = QuotaGroupMother.of(QuotaRuleMother.totalOf(10));
      expect(isOverQuota([group], UsageMother.of({ packages: 100 }), 'size:wiki')).toBe(false);
    });
  });
});
