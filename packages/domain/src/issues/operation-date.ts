import { UpdateDateRequest } from './update-date-request';
import { guardExplicitDate, UpdateDateRights } from './update-date-guard';

/** An issue's own dates, as the policy needs them. */
export interface IssueDates {
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Everything a back-datable operation needs besides the state it changes. */
export interface OperationContext {
  readonly now: Date;
  readonly rights: UpdateDateRights;
  readonly request: UpdateDateRequest;
}

/**
 * The date an operation stamps on what it records. `explicit` tells whether it
 * came from `updated_at`: then the automatic date updates the operation would
 * otherwise make are suppressed.
 */
export interface OperationDate {
  readonly date: Date;
  readonly explicit: boolean;
}

/** The given date once it has passed the guard, else now. */
export function resolveOperationDate(issue: IssueDates, { now, rights, request }: OperationContext): OperationDate {
  if (request.updatedAt === undefined) return { date: now, explicit: false };
  guardExplicitDate({ date: request.updatedAt, issueCreatedAt: issue.createdAt, now, rights });
  return { date: request.updatedAt, explicit: true };
}

/**
 * The issue's update date for an operation whose explicit date the policy does
 * not apply to the issue: now when no date was given, unchanged when one was.
 */
export function issueDateUnlessExplicit(issue: IssueDates, { date, explicit }: OperationDate): Date {
  return explicit ? issue.updatedAt : date;
}
