import { QuotaGroup, QuotaRule, QuotaUsage, UsageBucket } from '../../src/quota';

/** Object Mothers: the quota values tests talk about, so tests read as sentences. */

let ruleCount = 0;
let groupCount = 0;

export const QuotaRuleMother = {
  /** A rule limiting the union of the subjects to `limit` bytes. */
  limiting(limit: number, ...subjects: string[]): QuotaRule {
    return QuotaRule.create({ name: `rule-${++ruleCount}`, limit, subjects });
  },
  named(name: string, limit: number, ...subjects: string[]): QuotaRule {
    return QuotaRule.create({ name, limit, subjects });
  },
  unlimited(...subjects: string[]): QuotaRule {
    return QuotaRuleMother.limiting(-1, ...subjects);
  },
  totalOf(limit: number): QuotaRule {
    return QuotaRuleMother.limiting(limit, 'size:all');
  },
};

export const QuotaGroupMother = {
  of(...rules: QuotaRule[]): QuotaGroup {
    return QuotaGroup.create(`group-${++groupCount}`, rules);
  },
  named(name: string, ...rules: QuotaRule[]): QuotaGroup {
    return QuotaGroup.create(name, rules);
  },
};

export const UsageMother = {
  none: (): QuotaUsage => QuotaUsage.NONE,
  of: (bytes: Partial<Record<UsageBucket, number>>): QuotaUsage => QuotaUsage.of(bytes),
  /** Usage with every bucket holding the same number of bytes. */
  everywhere(bytes: number): QuotaUsage {
    return QuotaUsage.of({
      'repos:public': bytes,
      'repos:private': bytes,
      'git:lfs': bytes,
      'attachments:issues': bytes,
      'attachments:releases': bytes,
      artifacts: bytes,
      packages: bytes,
    });
  },
};
