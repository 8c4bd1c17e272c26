/**
 * Strict RFC 3339 date-time parsing ("2024-05-01T12:30:00Z",
 * "2024-05-01T12:30:00.5+02:00"). `Date.parse` is not used because it also accepts
 * many other spellings and silently rolls over impossible dates such as 02-30.
 * Fractions finer than a millisecond are truncated: dates are stored in milliseconds.
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** The instant the text denotes, or null when it is not a valid RFC 3339 date-time. */
export function parseRfc3339(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const fraction = match[7] ?? '';
  const offsetSign = match[9] === '-' ? -1 : 1;
  const [offsetHours, offsetMinutes] = [Number(match[10] ?? 0), Number(match[11] ?? 0)];

  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59;
  if (!valid) return null;

  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  // Built with setters rather than Date.UTC, which maps the years 0–99 to 1900–1999.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, millis);
  return new Date(local.getTime() - offsetSign * (offsetHours * 60 + offsetMinutes) * 60_000);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
