import { QUOTA_SUBJECTS, explainQuota, isOverQuota } from '../../src/quota';
import { QuotaGroupMother, QuotaRuleMother, UsageMother } from './quota-mother';

describe('evaluation for one subject', () => {
  it('a rule on size:all limits size:repos:public', () => {
    const groups = [QuotaGroupMother.of(QuotaRuleMother.totalOf(100))];
    expect(isOverQuota(groups, UsageMother.of({ packages: 101 }), 'size:repos:public')).toBe(true);
    expect(isOverQuota(groups, UsageMother.of({ packages: 100 }), 'size:repos:public')).toBe(false);
  });

  it('a rule on size:assets:packages:all does not limit size:repos:all', () => {
    const groups = [QuotaGroupMother.of(QuotaRuleMother.limiting(10, 'size:assets:packages:all'))];
    const usage = UsageMother.of({ packages: 11 });
    expect(isOverQuota(groups, usage, 'size:repos:all')).toBe(false);
    expect(isOverQuota(groups, usage, 'size:assets:packages:all')).toBe(true);
  });

  it('a rule inside the subject limits it: packages over their limit put size:all over quota', () => {
    const groups = [QuotaGroupMother.of(QuotaRuleMother.limiting(10, 'size:assets:packages:all'))];
    expect(isOverQuota(groups, UsageMother.of({ packages: 11 }), 'size:all')).toBe(true);
  });

  it('a subject no rule names is within quota (not denied)', () => {
    const groups = [QuotaGroupMother.of(QuotaRuleMother.limiting(0, 'size:git:lfs'))];
    expect(isOverQuota(groups, UsageMother.everywhere(10 ** 9), 'size:assets:artifacts')).toBe(false);
  });

  it('a group with no rule relevant to the subject does not limit it, even when another group breaks', () => {
    const lfsOnly = QuotaGroupMother.of(QuotaRuleMother.limiting(0, 'size:git:lfs'));
    const tight = QuotaGroupMother.of(QuotaRuleMother.totalOf(1));
    const usage = UsageMother.of({ packages: 50, 'git:lfs': 50 });
    expect(isOverQuota([tight, lfsOnly], usage, 'size:assets:packages:all')).toBe(false);
    expect(isOverQuota([tight, lfsOnly], usage, 'size:git:lfs')).toBe(true);
  });

  it('a group stands for a subject only when every relevant rule stands', () => {
    const group = QuotaGroupMother.of(
      QuotaRuleMother.limiting(1000, 'size:all'),
      QuotaRuleMother.limiting(10, 'size:repos:private'),
      QuotaRuleMother.limiting(0, 'size:assets:artifacts'),
    );
    const usage = UsageMother.of({ 'repos:private': 11, artifacts: 1 });
    expect(isOverQuota([group], usage, 'size:repos:all')).toBe(true);
    expect(isOverQuota([group], usage, 'size:repos:public')).toBe(false);
    expect(isOverQuota([group], usage, 'size:assets:artifacts')).toBe(true);
    expect(isOverQuota([group], usage, 'size:git:lfs')).toBe(false);
  });

  it('the owner is over quota only when no group stands for the subject', () => {
    const small = QuotaGroupMother.of(QuotaRuleMother.limiting(10, 'size:repos:all'));
    const large = QuotaGroupMother.of(QuotaRuleMother.limiting(100, 'size:repos:all'));
    expect(isOverQuota([small, large], UsageMother.of({ 'repos:public': 50 }), 'size:repos:all')).toBe(false);
    expect(isOverQuota([small, large], UsageMother.of({ 'repos:public': 101 }), 'size:repos:all')).toBe(true);
  });

  it('size:wiki is never over quota, even under a zero limit on it or on everything', () => {
    const groups = [QuotaGroupMother.of(QuotaRuleMother.limiting(0, 'size:wiki'), QuotaRuleMother.totalOf(0))];
    expect(isOverQuota(groups, UsageMother.everywhere(10 ** 9), 'size:wiki')).toBe(false);
  });

  it('with no groups at all nothing is over quota', () => {
    for (const subject of QUOTA_SUBJECTS) expect(isOverQuota([], UsageMother.everywhere(10 ** 9), subject)).toBe(false);
  });

  describe('explanation', () => {
    it('lists, per group, the relevant rules with their usage, limit and whether they stand', () => {
      const total = QuotaRuleMother.named('total', 100, 'size:all', 'size:repos:all');
      const packages = QuotaRuleMother.named('packages', 10, 'size:assets:packages:all');
      const lfs = QuotaRuleMother.named('lfs', 0, 'size:git:lfs');
      const groups = [QuotaGroupMother.named('basic', total, packages, lfs)];
      const usage = UsageMother.of({ 'repos:public': 60, packages: 20 });

      expect(explainQuota(groups, usage, 'size:assets:all')).toEqual({
        subject: 'size:assets:all',
        overQuota: true,
        groups: [
          {
            group: 'basic',
            stands: false,
            relevantRules: [
              { rule: 'total', subjects: ['size:all', 'size:repos:all'], limit: 100, used: 80, stands: true },
              { rule: 'packages', subjects: ['size:assets:packages:all'], limit: 10, used: 20, stands: false },
            ],
          },
        ],
      });
    });

    it('agrees with isOverQuota', () => {
      const groups = [QuotaGroupMother.of(QuotaRuleMother.totalOf(5))];
      const usage = UsageMother.of({ artifacts: 6 });
      for (const subject of QUOTA_SUBJECTS) {
        expect(explainQuota(groups, usage, subject).overQuota).toBe(isOverQuota(groups, usage, subject));
      }
    });
  });
});
