import { humanSize, parseQuotaSubject, QUOTA_SUBJECTS, QuotaSubject, QuotaValidationError } from '@bellows/domain';
import { UsageError } from '../command';
import { withApplicationContext } from '../application-context';
import { parseOptions } from '../parse-options';
import { itemOf } from '../../modules/quota-overview/admin-quota-overview.controller';
import { OwnerQuotaQuery, OwnerQuotaSummary, QuotaSummaries } from '../../modules/quota-overview/quota-summaries';

/** Owners read per page: the listing is the API's, page after page. */
const PAGE = 500;

type Format = 'table' | 'json' | 'csv';

/**
 * `bellows admin quota report [--over] [--format table|json|csv] [--sort SUBJECT]
 * [--order asc|desc] [--type user|org]`: every owner's storage, as
 * `GET /admin/quota/usage` lists it, all pages.
 *
 * - table (default): aligned columns, sizes in IEC units (KiB, MiB…);
 * - json: an array of the API's items;
 * - csv: a header row, then one row per owner with raw byte numbers for every subject.
 */
export async function adminQuotaReport(args: string[], configPath: string | undefined): Promise<void> {
  const { format, query } = reportOptions(args);
  const owners = await withApplicationContext(configPath, (app) => everyPage(app.get(QuotaSummaries, { strict: false }), query));
  const print = { table: tableOf, json: jsonOf, csv: csvOf }[format];
  process.stdout.write(print(owners));
}

function reportOptions(args: string[]): { format: Format; query: OwnerQuotaQuery } {
  const values = parseOptions(args, {
    over: { type: 'boolean' },
    format: { type: 'string', default: 'table' },
    sort: { type: 'string', default: 'size:all' },
    order: { type: 'string', default: 'desc' },
    type: { type: 'string' },
  });
  const format = oneOf(values.format, 'format', ['table', 'json', 'csv'] as const);
  const type = values.type === undefined ? undefined : oneOf(values.type, 'type', ['user', 'org'] as const);
  return {
    format,
    query: {
      sort: subjectOf(values.sort),
      order: oneOf(values.order, 'order', ['asc', 'desc'] as const),
      over: values.over === true ? true : undefined,
      type,
      page: 1,
      limit: PAGE,
    },
  };
}

async function everyPage(summaries: QuotaSummaries, query: OwnerQuotaQuery): Promise<OwnerQuotaSummary[]> {
  const owners: OwnerQuotaSummary[] = [];
  for (let page = 1; ; page++) {
    const { items } = await summaries.list({ ...query, page });
    owners.push(...items);
    if (items.length < query.limit) return owners;
  }
}

function oneOf<T extends string>(value: unknown, name: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of: ${allowed.join(', ')}`);
  }
  return value as T;
}

function subjectOf(value: unknown): QuotaSubject {
  try {
    return parseQuotaSubject(value, '--sort');
  } catch (error) {
    if (error instanceof QuotaValidationError) throw new UsageError(error.message);
    throw error;
  }
}

function jsonOf(owners: OwnerQuotaSummary[]): string {
  return `${JSON.stringify(owners.map(itemOf), null, 2)}\n`;
}

function csvOf(owners: OwnerQuotaSummary[]): string {
  const header = ['id', 'name', 'type', 'over_quota', 'groups', ...QUOTA_SUBJECTS];
  const rows = owners.map((owner) => [
    String(owner.ownerId),
    owner.name,
    owner.type,
    String(owner.overQuota),
    owner.groups.join(';'),
    ...QUOTA_SUBJECTS.map((subject) => String(owner.bytes[subject])),
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled (group names may hold anything). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The table's size columns: the subjects an operator asks about first. */
const TABLE_SUBJECTS: [string, QuotaSubject][] = [
  ['ALL', 'size:all'],
  ['REPOS', 'size:repos:all'],
  ['LFS', 'size:git:lfs'],
  ['ATTACHMENTS', 'size:assets:attachments:all'],
  ['ARTIFACTS', 'size:assets:artifacts'],
  ['PACKAGES', 'size:assets:packages:all'],
];

function tableOf(owners: OwnerQuotaSummary[]): string {
  const header = ['NAME', 'TYPE', 'OVER', ...TABLE_SUBJECTS.map(([title]) => title), 'GROUPS'];
  const rows = owners.map((owner) => [
    owner.name,
    owner.type,
    owner.overQuota ? 'yes' : 'no',
    ...TABLE_SUBJECTS.map(([, subject]) => humanSize(owner.bytes[subject])),
    owner.groups.join(', ') || '-',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  // Sizes are right-aligned so their units line up; the last column is not padded.
  const sizeColumns = new Set(TABLE_SUBJECTS.map((_, i) => i + 3));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === row.length - 1 ? cell : sizeColumns.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ');
  return [header, ...rows].map(line).join('\n') + '\n';
}
