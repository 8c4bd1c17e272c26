import { parseRfc3339 } from './rfc3339';

/**
 * An issue's deadline from the date-time a client sends: as in Forgejo only
 * the calendar day counts (the day as written, in the sender's own offset),
 * and the deadline is the end of that day, 23:59:59 (Bellows keeps UTC).
 * Null when the text is not an RFC 3339 date-time.
 */
export function deadlineFromText(text: string): Date | null {
  const parsed = parseRfc3339(text);
  if (!parsed) return null;
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!day) return null;
  return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 23, 59, 59));
}

/** What Forgejo answers as the deadline once it is removed: Go's zero time. */
export const NO_DEADLINE = '0001-01-01T00:00:00Z';
