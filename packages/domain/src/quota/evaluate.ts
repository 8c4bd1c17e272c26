import { QuotaGroup } from './group';
import { QuotaGroupList } from './group-list';
import { QuotaSubject } from './subject';
import { QuotaUsage } from './usage';

/**
 * Whether an owner whose effective groups are `groups` is over quota for
 * `subject`: no group stands for it. A rule limits a subject when it shares bytes
 * with it, so a rule on `size:all` limits every subject and a rule on packages
 * limits `size:all` too. The wiki is not tracked and is never over quota.
 */
export function isOverQuota(groups: readonly QuotaGroup[], usage: QuotaUsage, subject: QuotaSubject): boolean {
  if (subject === 'size:wiki') return false;
  return !new QuotaGroupList(groups).standsFor(usage, subject);
}

/** One rule's part in a decision. */
export interface RuleExplanation {
  rule: string;
  subjects: QuotaSubject[];
  limit: number;
  /** Bytes counted by the rule: the union of its subjects, each once. */
  used: number;
  stands: boolean;
}

/** One group's part in a decision: only the rules relevant to the subject are listed. */
export interface GroupExplanation {
  group: string;
  stands: boolean;
  relevantRules: RuleExplanation[];
}

/** Why an owner is (or is not) over quota for a subject; for operators. */
export interface QuotaExplanation {
  subject: QuotaSubject;
  overQuota: boolean;
  groups: GroupExplanation[];
}

export function explainQuota(groups: readonly QuotaGroup[], usage: QuotaUsage, subject: QuotaSubject): QuotaExplanation {
  return {
    subject,
    overQuota: isOverQuota(groups, usage, subject),
    groups: groups.map((group) => ({
      group: group.name,
      stands: group.standsFor(usage, subject),
      relevantRules: group.rulesRelevantTo(subject).map((rule) => ({
        rule: rule.name,
        subjects: [...rule.subjects],
        limit: rule.limit,
        used: rule.usageIn(usage),
        stands: rule.standsWith(usage),
      })),
    })),
  };
}
