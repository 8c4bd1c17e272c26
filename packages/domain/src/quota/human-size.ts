const IEC_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];

/**
 * Bytes in IEC units (1 KiB = 1024 B) with three significant digits at most:
 * `512 B`, `1.5 KiB`, `12.3 MiB`, `100 GiB`; a negative limit (-1) is
 * `unlimited`. How quota figures are written for people: the storage page,
 * `bellows admin quota report`, the titles of quota notifications.
 */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unlimited';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < IEC_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${Number(value.toFixed(digits))} ${IEC_UNITS[unit]}`;
}

/** A percent for people: one decimal below 10 %, whole above; "over 999 %" past that. */
export function humanPercent(percent: number): string {
  if (!Number.isFinite(percent) || percent > 999) return 'over 999 %';
  return `${percent < 10 ? Number(percent.toFixed(1)) : Math.round(percent)} %`;
}
