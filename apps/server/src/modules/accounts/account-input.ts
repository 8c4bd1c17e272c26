import { UnprocessableEntityException } from '@nestjs/common';
import { describeOwnerNameProblem, ownerNameProblem } from '@bellows/domain';

/**
 * Checks shared by every way an account (user or organization) is created or
 * edited. Each throws a 422 whose message names the problem.
 */

export function assertValidOwnerName(name: string): void {
  const problem = ownerNameProblem(name);
  if (problem) throw new UnprocessableEntityException(describeOwnerNameProblem(name, problem));
}

/** Deliberately loose (like Forgejo's check): one '@', something either side, no spaces or brackets. */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

export function assertValidEmail(email: string, field = 'email'): void {
  if (!EMAIL_PATTERN.test(email) || email.length > 255) {
    throw new UnprocessableEntityException(`${field}: "${email}" is not a valid e-mail address`);
  }
}

export function assertValidPassword(password: string): void {
  if (password.length === 0) throw new UnprocessableEntityException('password must not be empty');
}

export const VISIBILITIES = ['public', 'limited', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The fields that are set: a field an edit leaves out keeps its column as it is. */
export function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
