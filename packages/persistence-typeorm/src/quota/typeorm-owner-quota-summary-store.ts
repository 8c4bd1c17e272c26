import { EntityManager } from 'typeorm';
import {
  OwnerKind,
  OwnerQuotaFigures,
  OwnerQuotaSummaryFilter,
  OwnerQuotaSummaryStore,
  OwnerQuotaTotals,
  QuotaSubject,
  QuotaUsage,
  StoredOwnerQuotaSummary,
  SUMMARY_SUBJECTS,
  USAGE_BUCKETS,
  UsageBucket,
} from '@bellows/domain';
import { InTransaction, parameterMarkers, rowLockClause } from './in-transaction';

/** `size:assets:packages:all` → `size_assets_packages_all`: the summary's column for a subject. */
export function summaryColumnOf(subject: QuotaSubject): string {
  return subject.replace(/:/g, '_');
}

/** The leaf subject whose column holds each ledger bucket (a summary row is read back into a QuotaUsage from them). */
const COLUMN_OF_BUCKET: Readonly<Record<UsageBucket, string>> = {
  'repos:public': 'size_repos_public',
  'repos:private': 'size_repos_private',
  'git:lfs': 'size_git_lfs',
  'attachments:issues': 'size_assets_attachments_issues',
  'attachments:releases': 'size_assets_attachments_releases',
  artifacts: 'size_assets_artifacts',
  packages: 'size_assets_packages_all',
};

const SUBJECT_COLUMNS = SUMMARY_SUBJECTS.map(summaryColumnOf);

/** What a page reads of a row: the leaf columns hold all its bytes (the others are for sorting). */
const PAGE_COLUMNS = ['owner_id', 'kind', ...Object.values(COLUMN_OF_BUCKET), 'over_quota', 'groups'].map((c) => `s.${c}`).join(', ');

type Row = Record<string, string | number | boolean | null>;

/** How many owners a page's filters match, and (when the totals answered it) how many owners there are in all. */
interface MatchCounts {
  matches: number;
  owners?: number;
}

/**
 * The overview's summaries in `owner_quota_summary` (one row per owner, see
 * migration 1763800043000), written by id with plain SQL: a refresh never
 * loads and saves an entity, so it cannot write back anything stale but its
 * own figures.
 */
export class TypeOrmOwnerQuotaSummaryStore extends OwnerQuotaSummaryStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {
    super();
  }

  /**
   * The zero summary of a new owner, in the transaction that inserts the
   * owner (TypeOrmOwnerStore.insert calls it), never refreshed yet.
   */
  static async insertFor(manager: EntityManager, ownerId: number): Promise<void> {
    const p = parameterMarkers(manager);
    await manager.query(`INSERT INTO owner_quota_summary (owner_id, kind) SELECT id, kind FROM owner WHERE id = ${p(1)}`, [ownerId]);
  }

  async write(figures: readonly OwnerQuotaFigures[]): Promise<void> {
    if (figures.length === 0) return;
    await this.inTransaction(async (manager) => {
      await lockTotals(manager);
      await upsertRows(manager, figures);
    });
  }

  async refresh(
    ownerIds: readonly number[],
    evaluate: (ledger: Map<number, QuotaUsage>, assigned: Map<number, string[]>) => OwnerQuotaFigures[],
  ): Promise<void> {
    if (ownerIds.length === 0) return;
    await this.inTransaction(async (manager) => {
      await lockTotals(manager);
      // Read after the lock: a refresh that waited for another sees everything committed before it, so the last written is the newest.
      const inside = new TypeOrmOwnerQuotaSummaryStore(manager, (work) => work(manager));
      const [ledger, assigned] = [await inside.ledgerUsageOf(ownerIds), await inside.assignedGroupNamesOf(ownerIds)];
      await upsertRows(manager, evaluate(ledger, assigned));
    });
  }

  async markStale(ownerIds: readonly number[]): Promise<void> {
    if (ownerIds.length === 0) return;
    await this.inTransaction(async (manager) => {
      await lockTotals(manager);
      const p = parameterMarkers(manager);
      const markers = ownerIds.map((_, i) => p(i + 1)).join(', ');
      await manager.query(`UPDATE owner_quota_summary SET refreshed_at = NULL WHERE owner_id IN (${markers})`, [...ownerIds]);
    });
  }

  async writeForIdleOwners(groups: readonly string[], overQuota: boolean): Promise<number> {
    return this.inTransaction(async (manager) => {
      await lockTotals(manager);
      const p = parameterMarkers(manager);
      const over = overQuota ? 'TRUE' : 'FALSE';
      const zero = SUBJECT_COLUMNS.map((c) => `${c} <> 0`).join(' OR ');
      // Through the transaction's runner, asking for the result structure: it says how many rows changed on both engines.
      const result = await manager.queryRunner!.query(
        `UPDATE owner_quota_summary SET ${SUBJECT_COLUMNS.map((c) => `${c} = 0`).join(', ')}, over_quota = ${over}, ` +
          `groups = ${p(1)}, refreshed_at = ${p(2)} ` +
          'WHERE NOT EXISTS (SELECT 1 FROM quota_group_owner a WHERE a.owner_id = owner_quota_summary.owner_id) ' +
          'AND NOT EXISTS (SELECT 1 FROM owner_quota_usage u WHERE u.owner_id = owner_quota_summary.owner_id) ' +
          `AND (groups <> ${p(1)} OR over_quota <> ${over} OR refreshed_at IS NULL OR ${zero})`,
        [JSON.stringify(groups), Date.now()],
        true,
      );
      return result.affected ?? 0;
    });
  }

  async ledgerUsageOf(ownerIds: readonly number[]): Promise<Map<number, QuotaUsage>> {
    const usage = new Map<number, QuotaUsage>();
    if (ownerIds.length === 0) return usage;
    const rows: { owner_id: string | number; bucket: string; bytes: string | number }[] = await this.manager.query(
      `SELECT owner_id, bucket, SUM(bytes) AS bytes FROM owner_quota_usage WHERE owner_id IN (${this.markers(ownerIds.length)}) ` +
        'GROUP BY owner_id, bucket',
      [...ownerIds],
    );
    const bytes = new Map<number, Partial<Record<UsageBucket, number>>>();
    for (const row of rows) {
      if (!(USAGE_BUCKETS as readonly string[]).includes(row.bucket)) continue;
      const owner = bytes.get(Number(row.owner_id)) ?? {};
      // A negative figure would be a store's bug: read 0, as the ledger's reader does (the recount repairs it).
      owner[row.bucket as UsageBucket] = Math.max(0, Number(row.bytes));
      bytes.set(Number(row.owner_id), owner);
    }
    for (const [ownerId, figures] of bytes) usage.set(ownerId, QuotaUsage.of(figures));
    return usage;
  }

  async assignedGroupNamesOf(ownerIds: readonly number[]): Promise<Map<number, string[]>> {
    const names = new Map<number, string[]>();
    if (ownerIds.length === 0) return names;
    const rows: { owner_id: string | number; name: string }[] = await this.manager.query(
      'SELECT a.owner_id, g.name FROM quota_group_owner a JOIN quota_group g ON g.id = a.group_id ' +
        `WHERE a.owner_id IN (${this.markers(ownerIds.length)}) ORDER BY a.owner_id, g.lower_name`,
      [...ownerIds],
    );
    for (const row of rows) names.set(Number(row.owner_id), [...(names.get(Number(row.owner_id)) ?? []), row.name]);
    return names;
  }

  async page(filter: OwnerQuotaSummaryFilter): Promise<{ total: number; items: StoredOwnerQuotaSummary[] }> {
    const { where, conditions, parameters } = this.whereOf(filter);
    const p = parameterMarkers(this.manager);
    const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
    // size:wiki has no column (always 0): its order is the owner id's.
    const order =
      filter.sort === 'size:wiki' ? `s.owner_id ${direction}` : `s.${summaryColumnOf(filter.sort)} ${direction}, s.owner_id ${direction}`;
    const counts = await this.count(filter, { where, conditions }, parameters);
    const index = this.sqliteIndexFor(filter, counts);
    const n = parameters.length;
    const rows: Row[] = await this.manager.query(
      `SELECT ${PAGE_COLUMNS}, o.name FROM owner_quota_summary s${index} JOIN owner o ON o.id = s.owner_id${where} ` +
        `ORDER BY ${order} LIMIT ${p(n + 1)} OFFSET ${p(n + 2)}`,
      [...parameters, filter.limit, filter.offset],
    );
    return { total: counts.matches, items: rows.map((row) => this.summaryOf(row)) };
  }

  /**
   * SQLite has no statistics (it never takes them by itself), so for a page
   * filtered by kind or over quota and sorted by a subject other than
   * `size:all` it always took the filter's index and sorted every match:
   * `type=user&sort=size:git:lfs` cost 5.5 times as much at 10 000 owners as
   * at 10. The store knows the exact counts, so it chooses: walking the sort
   * column's index reads about (offset + limit) × owners ÷ matches rows, the
   * filter's index reads and sorts every match; the walk is named when it
   * reads fewer. (PostgreSQL chooses well from the statistics autovacuum keeps.)
   */
  private sqliteIndexFor(filter: OwnerQuotaSummaryFilter, { matches, owners }: MatchCounts): string {
    const filtered = filter.over !== undefined || filter.kind !== undefined;
    const sortColumn = filter.sort === 'size:wiki' ? undefined : summaryColumnOf(filter.sort);
    if (this.manager.connection.options.type === 'postgres' || !filtered || owners === undefined) return '';
    if (sortColumn === undefined || sortColumn === 'size_all') return '';
    const walked = matches === 0 ? Infinity : ((filter.offset + filter.limit) * owners) / matches;
    return walked <= matches ? ` INDEXED BY ix_owner_quota_summary_${sortColumn}` : '';
  }

  /** Four rows read, whatever the number of owners: the triggers keep the sums per (kind, over_quota). */
  async totals(): Promise<OwnerQuotaTotals> {
    const leafSums = USAGE_BUCKETS.map((bucket) => `COALESCE(SUM(${COLUMN_OF_BUCKET[bucket]}), 0) AS "${bucket}"`);
    const [row]: Row[] = await this.manager.query(
      `SELECT COALESCE(SUM(owners), 0) AS owners, COALESCE(SUM(CASE WHEN over_quota THEN owners ELSE 0 END), 0) AS over, ` +
        `${leafSums.join(', ')} FROM owner_quota_summary_total`,
    );
    return { owners: Number(row.owners), ownersOverQuota: Number(row.over), usage: usageOf(row, (bucket) => bucket) };
  }

  async neverRefreshed(limit: number): Promise<number[]> {
    const rows: { owner_id: string | number }[] = await this.manager.query(
      `SELECT owner_id FROM owner_quota_summary WHERE refreshed_at IS NULL ORDER BY owner_id LIMIT ${parameterMarkers(this.manager)(1)}`,
      [limit],
    );
    return rows.map((row) => Number(row.owner_id));
  }

  /**
   * How many summaries match, and how many owners there are: both from the
   * totals the triggers keep when the filters are only `over` and `kind`
   * (their key), in one read of its four rows; counted otherwise (a part of the
   * name cannot be indexed; the page walks the same rows anyway).
   */
  private async count(
    filter: OwnerQuotaSummaryFilter,
    { where, conditions }: { where: string; conditions: string[] },
    parameters: unknown[],
  ): Promise<MatchCounts> {
    if (filter.nameContains) {
      const [{ total }]: { total: string | number }[] = await this.manager.query(
        `SELECT COUNT(*) AS total FROM owner_quota_summary s JOIN owner o ON o.id = s.owner_id${where}`,
        parameters,
      );
      return { matches: Number(total) };
    }
    const matching = conditions.length ? conditions.join(' AND ') : 'TRUE';
    const [row]: { matches: string | number; owners: string | number }[] = await this.manager.query(
      `SELECT COALESCE(SUM(CASE WHEN ${matching} THEN s.owners ELSE 0 END), 0) AS matches, COALESCE(SUM(s.owners), 0) AS owners ` +
        'FROM owner_quota_summary_total s',
      parameters,
    );
    return { matches: Number(row.matches), owners: Number(row.owners) };
  }

  private whereOf(filter: OwnerQuotaSummaryFilter): { where: string; conditions: string[]; parameters: unknown[] } {
    const p = parameterMarkers(this.manager);
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (filter.over !== undefined) conditions.push(`s.over_quota = ${filter.over ? 'TRUE' : 'FALSE'}`);
    if (filter.kind !== undefined) {
      parameters.push(filter.kind);
      conditions.push(`s.kind = ${p(parameters.length)}`);
    }
    if (filter.nameContains) {
      parameters.push(`%${filter.nameContains.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      conditions.push(`o.lower_name LIKE ${p(parameters.length)} ESCAPE '\\'`);
    }
    return { where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '', conditions, parameters };
  }

  private summaryOf(row: Row): StoredOwnerQuotaSummary {
    return {
      ownerId: Number(row.owner_id),
      name: String(row.name),
      kind: row.kind as OwnerKind,
      usage: usageOf(row, (bucket) => COLUMN_OF_BUCKET[bucket]),
      groups: JSON.parse(String(row.groups)) as string[],
      overQuota: row.over_quota === true || Number(row.over_quota) === 1,
    };
  }

  /** `$1, $2, …` (or `?1, …`) for a list of `count` values. */
  private markers(count: number): string {
    const p = parameterMarkers(this.manager);
    return Array.from({ length: count }, (_, i) => p(i + 1)).join(', ');
  }
}

/** A QuotaUsage from a row holding each bucket's bytes in the named column (negative figures read as 0, as the ledger's reader does). */
function usageOf(row: Row, columnOf: (bucket: UsageBucket) => string): QuotaUsage {
  return QuotaUsage.of(
    Object.fromEntries(USAGE_BUCKETS.map((bucket) => [bucket, Math.max(0, Number(row[columnOf(bucket)] ?? 0))])) as Record<
      UsageBucket,
      number
    >,
  );
}

/**
 * The triggers move the (kind, over_quota) totals: every writer takes all four
 * rows, in key order, before it writes a summary, so two writers never deadlock
 * on them (and refreshes run one at a time on PostgreSQL).
 */
async function lockTotals(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT kind FROM owner_quota_summary_total ORDER BY kind, over_quota${rowLockClause(manager)}`);
}

/** Overwrites the summaries by id; selected from owner, so an owner deleted since its figures were read gets no row back. */
async function upsertRows(manager: EntityManager, figures: readonly OwnerQuotaFigures[]): Promise<void> {
  const p = parameterMarkers(manager);
  const columns = [...SUBJECT_COLUMNS, 'over_quota', 'groups', 'refreshed_at'];
  const sql =
    `INSERT INTO owner_quota_summary (owner_id, kind, ${columns.join(', ')}) ` +
    `SELECT o.id, o.kind, ${columns.map((_, i) => p(i + 2)).join(', ')} FROM owner o WHERE o.id = ${p(1)} ` +
    `ON CONFLICT (owner_id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  const now = Date.now();
  const postgres = manager.connection.options.type === 'postgres';
  for (const f of figures) {
    const bytes = SUMMARY_SUBJECTS.map((subject) => f.usage.bytesFor([subject]));
    // SQLite stores booleans as 0/1; PostgreSQL wants a boolean.
    const over = postgres ? f.overQuota : f.overQuota ? 1 : 0;
    await manager.query(sql, [f.ownerId, ...bytes, over, JSON.stringify(f.groups), now]);
  }
}
