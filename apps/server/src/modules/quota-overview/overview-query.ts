import { BadRequestException } from '@nestjs/common';
import { parseQuotaSubject, QuotaValidationError } from '@bellows/domain';
import { PageRequest } from '../../http/pagination';
import { OwnerQuotaQuery } from './quota-summaries';

/** The longest `q` taken: a name is at most 40 characters, longer can match nothing. */
const MAX_NAME_PART = 100;

/**
 * Reads `GET /admin/quota/usage`'s query: `sort` (a subject, default
 * size:all), `order` (asc|desc, default desc), `over` (true|false), `type`
 * (user|org), `q`. A bad value is a 400 naming the parameter and what it takes.
 */
export function overviewQueryFrom(raw: Record<string, unknown>, paging: PageRequest): OwnerQuotaQuery {
  return {
    sort: subjectOf(single(raw.sort, 'sort') ?? 'size:all'),
    order: oneOf(single(raw.order, 'order') ?? 'desc', 'order', ['asc', 'desc'] as const),
    over: booleanOf(single(raw.over, 'over')),
    type: optionalOneOf(single(raw.type, 'type'), 'type', ['user', 'org'] as const),
    q: nameOf(single(raw.q, 'q')),
    page: paging.page,
    limit: paging.limit,
  };
}

function single(value: unknown, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new BadRequestException(`${name} may be given once`);
  return value;
}

function subjectOf(value: string) {
  try {
    return parseQuotaSubject(value, 'sort');
  } catch (error) {
    if (error instanceof QuotaValidationError) throw new BadRequestException(error.message);
    throw error;
  }
}

function oneOf<T extends string>(value: string, name: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new BadRequestException(`${name} must be one of: ${allowed.join(', ')}`);
  return value as T;
}

function optionalOneOf<T extends string>(value: string | undefined, name: string, allowed: readonly T[]): T | undefined {
  return value === undefined ? undefined : oneOf(value, name, allowed);
}

function booleanOf(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : oneOf(value, 'over', ['true', 'false'] as const) === 'true';
}

function nameOf(value: string | undefined): string | undefined {
  if (value !== undefined && value.length > MAX_NAME_PART) throw new BadRequestException(`q may be at most ${MAX_NAME_PART} characters`);
  return value;
}
