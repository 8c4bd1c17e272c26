/** Milliseconds in each unit a duration may use (Go's, as Forgejo reads them, from ms up). */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;
const TERM = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;

/**
 * A duration written as Forgejo writes them (Go's `time.ParseDuration`):
 * numbers with a unit, `ms`, `s`, `m` or `h`, run together: `30s`, `5m`,
 * `1m30s`, `1.5s`; `0` alone means zero. Returns milliseconds (rounded), or
 * undefined when the text is not such a duration.
 */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (value === '0') return 0;
  if (!DURATION.test(value)) return undefined;
  let total = 0;
  for (const [, amount, unit] of value.matchAll(TERM)) total += Number(amount) * UNIT_MS[unit];
  return Math.round(total);
}

/** Milliseconds written back as a duration: 60000 → `1m`, 90000 → `1m30s`, 1500 → `1500ms`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms % 1000 !== 0) return `${ms}ms`;
  const hours = Math.floor(ms / UNIT_MS.h);
  const minutes = Math.floor((ms % UNIT_MS.h) / UNIT_MS.m);
  const seconds = (ms % UNIT_MS.m) / 1000;
  return [hours && `${hours}h`, minutes && `${minutes}m`, seconds && `${seconds}s`].filter(Boolean).join('');
}
