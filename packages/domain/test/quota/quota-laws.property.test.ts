import fc from 'fast-check';
import {
  QUOTA_SUBJECTS,
  QuotaGroup,
  QuotaGroupList,
  QuotaRule,
  QuotaSubject,
  QuotaUsage,
  USAGE_BUCKETS,
  UsageBucket,
  isOverQuota,
  leavesOf,
} from '../../src/quota';

/** Laws of the quota engine, checked over random usage, rules and groups. */

const bytes = fc.nat({ max: 1_000_000 });
const usageArb = fc
  .record(Object.fromEntries(USAGE_BUCKETS.map((b) => [b, bytes])) as Record<UsageBucket, fc.Arbitrary<number>>)
  .map((record) => QuotaUsage.of(record));
const subjectArb = fc.constantFrom<QuotaSubject>(...QUOTA_SUBJECTS);
const bucketArb = fc.constantFrom<UsageBucket>(...USAGE_BUCKETS);
// Limits around the scale of usage so that rules both hold and break often; -1 is frequent.
const limitArb = fc.oneof(fc.constant(-1), fc.nat({ max: 3_000_000 }));
const ruleArb = fc
  .record({ limit: limitArb, subjects: fc.subarray([...QUOTA_SUBJECTS, 'size:assets:wiki'], { minLength: 1 }) })
  .map(({ limit, subjects }) => QuotaRule.create({ name: 'r', limit, subjects }));
const groupArb = fc.array(ruleArb, { maxLength: 4 }).map((rules) => QuotaGroup.create('g', rules));
const groupsArb = fc.array(groupArb, { maxLength: 4 });

/** Bytes covered by the subjects, computed independently: distinct leaves, each summed once. */
function unionBytes(usage: QuotaUsage, subjects: readonly QuotaSubject[]): number {
  const leaves = new Set(subjects.flatMap((s) => [...leavesOf(s)]));
  return [...leaves].reduce((sum, leaf) => sum + usage.bytesIn(leaf), 0);
}

describe('quota laws (property-based)', () => {
  it('a rule stands iff it is unlimited or the union of its subjects, each byte once, is at most its limit', () => {
    fc.assert(
      fc.property(ruleArb, usageArb, (rule, usage) => {
        const expected = rule.limit === -1 || unionBytes(usage, rule.subjects) <= rule.limit;
        expect(rule.standsWith(usage)).toBe(expected);
      }),
    );
  });

  it('adding a subject the rule already covers never changes its usage (no byte counted twice)', () => {
    fc.assert(
      fc.property(usageArb, fc.subarray([...QUOTA_SUBJECTS], { minLength: 1 }), (usage, subjects) => {
        expect(usage.bytesFor([...subjects, 'size:all'])).toBe(usage.bytesFor(['size:all']));
        expect(usage.bytesFor(subjects)).toBeLessThanOrEqual(usage.bytesFor(['size:all']));
      }),
    );
  });

  it('a group stands iff every one of its rules stands', () => {
    fc.assert(
      fc.property(groupArb, usageArb, (group, usage) => {
        expect(group.standsWith(usage)).toBe(group.rules.every((rule) => rule.standsWith(usage)));
      }),
    );
  });

  it('a group list stands iff some group stands (or it is empty)', () => {
    fc.assert(
      fc.property(groupsArb, usageArb, (groups, usage) => {
        const expected = groups.length === 0 || groups.some((group) => group.standsWith(usage));
        expect(new QuotaGroupList(groups).standsWith(usage)).toBe(expected);
      }),
    );
  });

  it('for size:all, evaluation per subject equals the plain group-list definition', () => {
    fc.assert(
      fc.property(groupsArb, usageArb, (groups, usage) => {
        expect(isOverQuota(groups, usage, 'size:all')).toBe(!new QuotaGroupList(groups).standsWith(usage));
      }),
    );
  });

  it('more usage never turns over quota into within quota, for any subject', () => {
    fc.assert(
      fc.property(groupsArb, usageArb, subjectArb, bucketArb, bytes, (groups, usage, subject, bucket, extra) => {
        fc.pre(isOverQuota(groups, usage, subject));
        expect(isOverQuota(groups, usage.plus(bucket, extra), subject)).toBe(true);
      }),
    );
  });

  it('more usage never makes a standing list out of a failing one (plain definition)', () => {
    fc.assert(
      fc.property(groupsArb, usageArb, bucketArb, bytes, (groups, usage, bucket, extra) => {
        const list = new QuotaGroupList(groups);
        if (list.standsWith(usage.plus(bucket, extra))) expect(list.standsWith(usage)).toBe(true);
      }),
    );
  });

  it('a limit of -1 never breaks, however much is stored', () => {
    fc.assert(
      fc.property(fc.subarray([...QUOTA_SUBJECTS], { minLength: 1 }), usageArb, subjectArb, (subjects, usage, subject) => {
        const unlimited = QuotaRule.create({ name: 'free', limit: -1, subjects });
        const huge = USAGE_BUCKETS.reduce((u, b) => u.plus(b, 2 ** 40), usage);
        expect(unlimited.standsWith(huge)).toBe(true);
        expect(isOverQuota([QuotaGroup.create('free', [unlimited])], huge, subject)).toBe(false);
      }),
    );
  });

  it('an unlimited group beside any others keeps the owner within quota for every subject', () => {
    fc.assert(
      fc.property(groupsArb, usageArb, subjectArb, (groups, usage, subject) => {
        const free = QuotaGroup.create('free', [QuotaRule.create({ name: 'free', limit: -1, subjects: ['size:all'] })]);
        expect(isOverQuota([...groups, free], usage, subject)).toBe(false);
      }),
    );
  });

  it('size:wiki is never over quota', () => {
    fc.assert(
      fc.property(groupsArb, usageArb, (groups, usage) => {
        expect(isOverQuota(groups, usage, 'size:wiki')).toBe(false);
      }),
    );
  });

  it('a subject is limited only by rules sharing bytes with it: irrelevant rules never change the answer', () => {
    fc.assert(
      fc.property(groupsArb, usageArb, subjectArb, ruleArb, (groups, usage, subject, extraRule) => {
        fc.pre(!extraRule.isRelevantTo(subject) && groups.length > 0);
        const widened = groups.map((g, i) => (i === 0 ? QuotaGroup.create(g.name, [...g.rules, extraRule]) : g));
        expect(isOverQuota(widened, usage, subject)).toBe(isOverQuota(groups, usage, subject));
      }),
    );
  });
});
