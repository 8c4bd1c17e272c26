import { parseQuotaName } from './quota-name';
import { QuotaRule, QuotaRuleInfo } from './rule';
import { QuotaSubject } from './subject';
import { QuotaUsage } from './usage';

/** Forgejo's QuotaGroup. */
export interface QuotaGroupInfo {
  name: string;
  rules: QuotaRuleInfo[];
}

/** A named set of rules that must all hold. */
export class QuotaGroup {
  private constructor(
    readonly name: string,
    readonly rules: readonly QuotaRule[],
  ) {}

  /** Validates the name; the rules are valid by construction. */
  static create(name: unknown, rules: readonly QuotaRule[] = []): QuotaGroup {
    return new QuotaGroup(parseQuotaName(name), [...rules]);
  }

  /** Whether every rule stands. A group without rules limits nothing, so it stands. */
  standsWith(usage: QuotaUsage): boolean {
    return this.rules.every((rule) => rule.standsWith(usage));
  }

  /** The rules that limit `subject` (see QuotaRule.isRelevantTo). */
  rulesRelevantTo(subject: QuotaSubject): QuotaRule[] {
    return this.rules.filter((rule) => rule.isRelevantTo(subject));
  }

  /**
   * Whether every rule relevant to `subject` stands. A group with no such rule
   * does not limit the subject, so it stands for it.
   */
  standsFor(usage: QuotaUsage, subject: QuotaSubject): boolean {
    return this.rulesRelevantTo(subject).every((rule) => rule.standsWith(usage));
  }

  toInfo(): QuotaGroupInfo {
    return { name: this.name, rules: this.rules.map((rule) => rule.toInfo()) };
  }
}
