/**
 * Sizes written as Forgejo reads them (go-humanize's ParseBytes): a number,
 * possibly with a decimal point and thousands separators, then an optional
 * unit, case-insensitive, with or without a space: `2k`, `2KiB`, `1 GB`,
 * `1.5MiB`, `12,345,678`. Decimal units count in powers of 1000, binary ones
 * (with an `i`) in powers of 1024. A sign, leading blanks or any other word
 * make the text "not a size".
 */

/** Bytes per unit, by the unit lower-cased; the empty unit (a bare number) is handled apart. */
const UNITS: Record<string, number> = { b: 1 };
for (const [index, letter] of ['k', 'm', 'g', 't', 'p', 'e'].entries()) {
  const power = index + 1;
  UNITS[letter] = UNITS[`${letter}b`] = 1000 ** power;
  UNITS[`${letter}i`] = UNITS[`${letter}ib`] = 1024 ** power;
}

/** 2^64: go-humanize refuses sizes from here on (they do not fit its unsigned 64-bit result). */
const UINT64_LIMIT = 2 ** 64;

/** 2^63: Forgejo stores sizes as signed 64-bit integers, so a size from here on is one it cannot hold. */
export const INT64_LIMIT = 2 ** 63;

export type ByteSize =
  /** A whole number of bytes (the product truncated, as Go converts a float to an integer). */
  | { bytes: number }
  /** `not-a-size`: the text does not follow the syntax; `too-large`: 2^64 bytes or more. */
  | { problem: 'not-a-size' | 'too-large' };

/** The number at the start of a size: digits, points and commas, nothing else (no sign). */
const LEADING_NUMBER = /^[0-9.,]*/;
/** What Go's ParseFloat accepts of that run once the commas are gone. */
const DECIMAL = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * Parses a size. `bareUnit` is what a number without a unit counts: bytes by
 * default, as in Forgejo; 1 MiB for settings that Forgejo reads as a number
 * of MiB (`[attachment] MAX_SIZE`). An explicit `b` always means bytes.
 */
export function parseByteSize(text: string, bareUnit = 1): ByteSize {
  const run = LEADING_NUMBER.exec(text)![0];
  const digits = run.replace(/,/g, '');
  if (!DECIMAL.test(digits)) return { problem: 'not-a-size' };
  const unitName = text.slice(run.length).trim().toLowerCase();
  const unit = unitName === '' ? bareUnit : UNITS[unitName];
  if (unit === undefined) return { problem: 'not-a-size' };
  const number = Number(digits);
  // Go's ParseFloat refuses a number beyond the float range (hundreds of digits), where JavaScript says Infinity.
  if (!Number.isFinite(number)) return { problem: 'not-a-size' };
  const bytes = number * unit;
  if (bytes >= UINT64_LIMIT) return { problem: 'too-large' };
  return { bytes: Math.trunc(bytes) };
}
