import { QuotaValidationError } from './quota-error';

/**
 * A calendar day in UTC, written `YYYY-MM-DD`: the key of a daily usage
 * snapshot. Days are strings rather than Dates because a snapshot belongs to a
 * day, not to an instant, and `YYYY-MM-DD` sorts and compares as text the same
 * way it does as a date, on every database engine.
 */
export type UsageDay = string;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day the instant falls on. */
export function usageDayOf(instant: Date): UsageDay {
  return instant.toISOString().slice(0, 10);
}

/** The day `days` days after `day` (before it when negative). */
export function addDays(day: UsageDay, days: number): UsageDay {
  return usageDayOf(new Date(midnightOf(day) + days * DAY_MS));
}

/** How many days `to` is after `from` (negative when before). */
export function daysFrom(from: UsageDay, to: UsageDay): number {
  return Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS);
}

/**
 * Reads a `YYYY-MM-DD` day from input, or throws a QuotaValidationError
 * naming `field`: the shape must be exact and the day must exist (no 2026-02-30).
 */
export function parseUsageDay(input: unknown, field: string): UsageDay {
  const match = typeof input === 'string' ? DAY_PATTERN.exec(input) : null;
  if (!match || usageDayOf(new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]))) !== input) {
    throw new QuotaValidationError(field, `${field} must be a day written YYYY-MM-DD, got ${JSON.stringify(input)}`);
  }
  return input as UsageDay;
}

function midnightOf(day: UsageDay): number {
  return Date.parse(`${day}T00:00:00Z`);
}
