import { parseQuotaName } from './quota-name';
import { QuotaValidationError } from './quota-error';
import { QuotaSubject, parseQuotaSubject, subjectsOverlap } from './subject';
import { QuotaUsage } from './usage';

/** The limit that never breaks. */
export const UNLIMITED = -1;

/** Forgejo's QuotaRuleInfo (and the body of CreateQuotaRuleOptions). */
export interface QuotaRuleInfo {
  name: string;
  limit: number;
  subjects: QuotaSubject[];
}

/** Input for a rule before validation, as an API client sends it. */
export interface QuotaRuleInput {
  name: unknown;
  limit: unknown;
  subjects: unknown;
}

/**
 * A named limit, in bytes, over the union of some subjects. Built only through
 * `QuotaRule.create`, so every rule in memory is valid.
 */
export class QuotaRule {
  private constructor(
    readonly name: string,
    readonly limit: number,
    readonly subjects: readonly QuotaSubject[],
  ) {}

  /** Validates the input; throws a QuotaValidationError naming the first problem. */
  static create(input: QuotaRuleInput): QuotaRule {
    return new QuotaRule(parseQuotaName(input.name), parseLimit(input.limit), parseSubjects(input.subjects));
  }

  /** A copy with the given changes (EditQuotaRuleOptions: either may be left out), validated. */
  edit(changes: { limit?: unknown; subjects?: unknown }): QuotaRule {
    return QuotaRule.create({
      name: this.name,
      limit: changes.limit === undefined ? this.limit : changes.limit,
      subjects: changes.subjects === undefined ? this.subjects : changes.subjects,
    });
  }

  get isUnlimited(): boolean {
    return this.limit === UNLIMITED;
  }

  /** Bytes this rule counts: the union of its subjects, each byte once. */
  usageIn(usage: QuotaUsage): number {
    return usage.bytesFor(this.subjects);
  }

  /**
   * Whether usage is within the limit. Usage EQUAL to the limit stands: a limit
   * is the amount an owner may store, so reaching it exactly is allowed, and a
   * limit of 0 means "nothing" rather than "nothing, and not even that".
   */
  standsWith(usage: QuotaUsage): boolean {
    return this.isUnlimited || this.usageIn(usage) <= this.limit;
  }

  /** Whether the rule limits `subject`: one of its subjects shares bytes with it (never, for a rule without subjects). */
  isRelevantTo(subject: QuotaSubject): boolean {
    return this.subjects.some((own) => subjectsOverlap(own, subject));
  }

  toInfo(): QuotaRuleInfo {
    return { name: this.name, limit: this.limit, subjects: [...this.subjects] };
  }
}

function parseLimit(input: unknown): number {
  if (typeof input !== 'number' || !Number.isSafeInteger(input)) {
    throw new QuotaValidationError('limit', `limit must be an integer number of bytes (-1 for unlimited), got ${String(input)}`);
  }
  if (input < UNLIMITED) {
    throw new QuotaValidationError('limit', `limit must be -1 (unlimited) or at least 0, got ${input}`);
  }
  return input;
}

/**
 * Subjects in canonical form, duplicates dropped, in the order given. A missing
 * or empty list is accepted, as Forgejo accepts it: such a rule limits nothing
 * (it is relevant to no subject and counts no bytes), so it never denies.
 */
function parseSubjects(input: unknown): QuotaSubject[] {
  if (input === undefined || input === null) return [];
  if (!Array.isArray(input)) {
    throw new QuotaValidationError('subjects', 'subjects must be a list of quota subjects');
  }
  const subjects = input.map((s) => parseQuotaSubject(s, 'subjects'));
  return [...new Set(subjects)];
}
