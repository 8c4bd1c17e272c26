import { UnprocessableEntityException } from '@nestjs/common';

/** A boolean query parameter (`true`/`false`, `1`/`0`); absent means `fallback`. */
export function queryFlag(name: string, raw: unknown, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new UnprocessableEntityException(`${name} must be true or false`);
}

/** A text query parameter; a repeated one counts once, anything else is absent. */
export function queryText(raw: unknown): string | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
