import { UnprocessableEntityException } from '@nestjs/common';
import { NotificationFilter, NotificationSource, NotificationStatus, parseRfc3339 } from '@bellows/domain';
import { queryFlag, queryText } from '../repo-files/query-flag';

/**
 * The query parameters of the notification routes, read as Forgejo reads
 * them: lists show unread and pinned threads unless `all` or `status-types`
 * says otherwise; marking changes unread threads to `read` by default.
 */

const STATUSES: readonly NotificationStatus[] = ['unread', 'read', 'pinned'];
const SUBJECT_TYPES = ['issue', 'pull', 'commit', 'repository', 'quota'] as const;
const NOTIFIED_SOURCES: readonly string[] = ['issue', 'pull', 'quota'] satisfies NotificationSource[];

export type NotificationQuery = Record<string, unknown>;

/** What `GET /notifications` (and the repository's list) show. */
export function listFilter(query: NotificationQuery): NotificationFilter {
  const all = queryFlag('all', query.all, false);
  return {
    statuses: all ? undefined : statusList(query['status-types'], ['unread', 'pinned']),
    sources: sourceList(query['subject-type']),
    updatedAfter: date('since', query.since),
    updatedBefore: date('before', query.before),
  };
}

/** Which threads `PUT /notifications` (and the repository's) change: those updated up to `last_read_at` (default now). */
export function markFilter(query: NotificationQuery): NotificationFilter {
  const all = queryFlag('all', query.all, false);
  return {
    statuses: all ? undefined : statusList(query['status-types'], ['unread']),
    updatedBefore: date('last_read_at', query.last_read_at) ?? new Date(),
  };
}

/** The status `to-status` asks for; `read` when absent. */
export function targetStatus(query: NotificationQuery): NotificationStatus {
  const raw = queryText(query['to-status']);
  if (raw === undefined) return 'read';
  return oneOf('to-status', raw, STATUSES);
}

/** Repeated parameters (`a=x&a=y`) and comma-separated lists (`a=x,y`) both work. */
function listValues(raw: unknown): string[] {
  const values = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return values
    .flatMap((value) => String(value).split(','))
    .map((value) => value.trim().toLowerCase())
    .filter((value) => value !== '');
}

function statusList(raw: unknown, fallback: NotificationStatus[]): NotificationStatus[] {
  const values = listValues(raw);
  return values.length === 0 ? fallback : values.map((value) => oneOf('status-types', value, STATUSES));
}

/** Undefined (any) when absent; commits and repositories are valid subjects that Bellows never notifies about. */
function sourceList(raw: unknown): NotificationSource[] | undefined {
  const values = listValues(raw);
  if (values.length === 0) return undefined;
  return values
    .map((value) => oneOf('subject-type', value, SUBJECT_TYPES))
    .filter((value): value is NotificationSource => NOTIFIED_SOURCES.includes(value));
}

function date(name: string, raw: unknown): Date | undefined {
  const text = queryText(raw);
  if (text === undefined) return undefined;
  const parsed = parseRfc3339(text);
  if (!parsed) throw new UnprocessableEntityException(`${name} must be a date in RFC 3339 format, e.g. 2024-01-31T12:00:00Z`);
  return parsed;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UnprocessableEntityException(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}
