import { QUOTA_SUBJECTS, QuotaRule, QuotaValidationError, UNLIMITED } from '../../src/quota';
import { QuotaRuleMother, UsageMother } from './quota-mother';

describe('a quota rule', () => {
  describe('validation', () => {
    it('keeps its name, limit and subjects', () => {
      const rule = QuotaRule.create({ name: 'small', limit: 1024, subjects: ['size:repos:all', 'size:git:lfs'] });
      expect(rule.toInfo()).toEqual({ name: 'small', limit: 1024, subjects: ['size:repos:all', 'size:git:lfs'] });
    });

    it('accepts -1 as unlimited and 0 as "nothing"', () => {
      expect(QuotaRuleMother.limiting(-1, 'size:all').isUnlimited).toBe(true);
      expect(QuotaRuleMother.limiting(0, 'size:all').limit).toBe(0);
    });

    it.each([[-2], [-1024], [1.5], ['100'], [null], [undefined], [Number.POSITIVE_INFINITY]])(
      'refuses limit %p with an error naming the limit',
      (limit) => {
        const create = () => QuotaRule.create({ name: 'r', limit, subjects: ['size:all'] });
        expect(create).toThrow(QuotaValidationError);
        expect(create).toThrow(/^limit /);
      },
    );

    it('accepts a missing or empty list of subjects, as Forgejo does: such a rule limits nothing', () => {
      for (const subjects of [[], undefined, null]) {
        const rule = QuotaRule.create({ name: 'r', limit: 0, subjects });
        expect(rule.subjects).toEqual([]);
        expect(QUOTA_SUBJECTS.some((subject) => rule.isRelevantTo(subject))).toBe(false);
        expect(rule.standsWith(UsageMother.of({ 'repos:public': 5, packages: 5 }))).toBe(true);
      }
    });

    it('refuses subjects that are not a list', () => {
      for (const subjects of ['size:all', 7, { 0: 'size:all' }]) {
        expect(() => QuotaRule.create({ name: 'r', limit: 1, subjects })).toThrow(/subjects must be a list/);
      }
    });

    it('refuses an unknown subject, naming it', () => {
      expect(() => QuotaRule.create({ name: 'r', limit: 1, subjects: ['size:all', 'size:cats'] })).toThrow(
        /subjects "size:cats" is not a quota subject/,
      );
    });

    it('stores subjects canonically: aliases resolved, duplicates dropped', () => {
      const rule = QuotaRule.create({ name: 'r', limit: 1, subjects: ['size:assets:wiki', 'size:all', 'size:wiki', 'size:all'] });
      expect(rule.subjects).toEqual(['size:wiki', 'size:all']);
    });

    it.each([[''], [' padded'], ['a/b'], ['tab\there'], ['x'.repeat(256)], [42]])('refuses name %p', (name) => {
      const create = () => QuotaRule.create({ name, limit: 1, subjects: ['size:all'] });
      expect(create).toThrow(QuotaValidationError);
      expect(create).toThrow(/^name /);
    });

    it('is edited into a validated copy, keeping what is not changed', () => {
      const rule = QuotaRuleMother.named('r', 10, 'size:all');
      expect(rule.edit({ limit: 20 }).toInfo()).toEqual({ name: 'r', limit: 20, subjects: ['size:all'] });
      expect(rule.edit({ subjects: ['size:wiki'] }).toInfo()).toEqual({ name: 'r', limit: 10, subjects: ['size:wiki'] });
      expect(() => rule.edit({ limit: -5 })).toThrow(/limit/);
      expect(rule.limit).toBe(10);
    });
  });

  describe('standing', () => {
    it('stands below its limit and when usage equals the limit', () => {
      const rule = QuotaRuleMother.limiting(100, 'size:all');
      expect(rule.standsWith(UsageMother.of({ packages: 99 }))).toBe(true);
      expect(rule.standsWith(UsageMother.of({ packages: 100 }))).toBe(true);
    });

    it('does not stand one byte over its limit', () => {
      expect(QuotaRuleMother.limiting(100, 'size:all').standsWith(UsageMother.of({ packages: 101 }))).toBe(false);
    });

    it('with limit 0 stands only while nothing is stored', () => {
      const rule = QuotaRuleMother.limiting(0, 'size:git:lfs');
      expect(rule.standsWith(UsageMother.none())).toBe(true);
      expect(rule.standsWith(UsageMother.of({ 'git:lfs': 1 }))).toBe(false);
    });

    it('with limit -1 always stands', () => {
      expect(QuotaRuleMother.unlimited('size:all').standsWith(UsageMother.everywhere(2 ** 40))).toBe(true);
      expect(UNLIMITED).toBe(-1);
    });

    it('counts only the bytes of its subjects', () => {
      const rule = QuotaRuleMother.limiting(10, 'size:repos:all');
      expect(rule.standsWith(UsageMother.of({ packages: 1000, 'git:lfs': 1000, 'repos:public': 10 }))).toBe(true);
    });

    it('on size:all and size:repos:all does not count repositories twice', () => {
      const rule = QuotaRuleMother.limiting(150, 'size:all', 'size:repos:all');
      const usage = UsageMother.of({ 'repos:public': 100, packages: 50 });
      expect(rule.usageIn(usage)).toBe(150);
      expect(rule.standsWith(usage)).toBe(true);
    });
  });

  describe('relevance to a subject', () => {
    it('a rule on size:all limits size:repos:public', () => {
      expect(QuotaRuleMother.totalOf(1).isRelevantTo('size:repos:public')).toBe(true);
    });

    it('a rule on packages limits the subjects containing packages', () => {
      const rule = QuotaRuleMother.limiting(1, 'size:assets:packages:all');
      expect(rule.isRelevantTo('size:all')).toBe(true);
      expect(rule.isRelevantTo('size:assets:all')).toBe(true);
    });

    it('a rule on size:assets:packages:all does not limit size:repos:all', () => {
      expect(QuotaRuleMother.limiting(1, 'size:assets:packages:all').isRelevantTo('size:repos:all')).toBe(false);
    });

    it('a rule is relevant when any one of its subjects shares bytes', () => {
      const rule = QuotaRuleMother.limiting(1, 'size:assets:artifacts', 'size:repos:private');
      expect(rule.isRelevantTo('size:git:all')).toBe(true);
      expect(rule.isRelevantTo('size:assets:attachments:all')).toBe(false);
    });
  });
});
