import { EntityManager } from 'typeorm';
import { FiredThreshold, NewQuotaEvent, QuotaEvent, QuotaEventFilter, QuotaSubject, QuotaWarningStore } from '@bellows/domain';
import { parameterMarkers } from './in-transaction';

interface EventRow {
  id: number | string;
  owner_id: number | string;
  group_name: string;
  rule_name: string;
  subjects: string;
  limit_bytes: number | string;
  usage_bytes: number | string;
  threshold: number | string;
  direction: string;
  created_at: number | string;
}

const EVENT_COLUMNS = 'id, owner_id, group_name, rule_name, subjects, limit_bytes, usage_bytes, threshold, direction, created_at';

/**
 * The warnings' tables, written out in SQL (no entities: the worker runs
 * these in its batch transaction, and nothing else reads them as objects).
 * Statements whose rows are read start with a comment: TypeORM's SQLite
 * runner reads the rows of a statement only when it does not start with
 * INSERT, UPDATE or DELETE.
 */
export class TypeOrmQuotaWarningStore implements QuotaWarningStore {
  /**
   * @param catchUp brings this process's read caches up to other processes'
   * commits (Database.catchUp; nothing inside a transaction).
   */
  constructor(
    private readonly manager: EntityManager,
    private readonly catchUp: () => Promise<void> = async () => undefined,
  ) {}

  private get postgres(): boolean {
    return this.manager.connection.options.type === 'postgres';
  }

  async peekOutbox(limit: number): Promise<{ id: number; ownerId: number }[]> {
    const rows: { id: number | string; owner_id: number | string }[] = await this.manager.query(
      `SELECT id, owner_id FROM quota_owner_outbox ORDER BY id LIMIT ${parameterMarkers(this.manager)(1)}`,
      [limit],
    );
    // A row may stand for another process's commit (a `bellows admin` command, on SQLite): the caller reads the
    // owner's figures next, through the read caches, which no request may have brought up to that commit yet.
    if (rows.length > 0) await this.catchUp();
    return rows.map((row) => ({ id: Number(row.id), ownerId: Number(row.owner_id) }));
  }

  async claimOutbox(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const p = parameterMarkers(this.manager);
    const list = ids.map((_, i) => p(i + 1)).join(', ');
    // PostgreSQL: rows another instance's batch holds are skipped, so each row is claimed once. SQLite has one writer.
    const lock = this.postgres ? ' FOR UPDATE SKIP LOCKED' : '';
    const rows = await this.rowsOf<{ owner_id: number | string }>(
      `/* claim quota outbox */ DELETE FROM quota_owner_outbox WHERE id IN ` +
        `(SELECT id FROM quota_owner_outbox WHERE id IN (${list})${lock}) RETURNING owner_id`,
      [...ids],
    );
    return [...new Set(rows.map((row) => Number(row.owner_id)))];
  }

  async firedOf(ownerId: number): Promise<FiredThreshold[]> {
    const p = parameterMarkers(this.manager);
    const rows: { group_name: string; rule_name: string; threshold: number | string }[] = await this.manager.query(
      `SELECT group_name, rule_name, threshold FROM quota_warning_state WHERE owner_id = ${p(1)}`,
      [ownerId],
    );
    return rows.map((row) => ({ group: row.group_name, rule: row.rule_name, threshold: Number(row.threshold) }));
  }

  async fire(ownerId: number, thresholds: readonly FiredThreshold[]): Promise<FiredThreshold[]> {
    const fired: FiredThreshold[] = [];
    const p = parameterMarkers(this.manager);
    for (const t of thresholds) {
      // A concurrent worker's insert of the same row waits for it to commit, then does nothing: one of them fires.
      const rows = await this.rowsOf(
        `/* fire quota threshold */ INSERT INTO quota_warning_state (owner_id, group_name, rule_name, threshold, created_at) ` +
          `VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}) ON CONFLICT DO NOTHING RETURNING threshold`,
        [ownerId, t.group, t.rule, t.threshold, Date.now()],
      );
      if (rows.length > 0) fired.push(t);
    }
    return fired;
  }

  async rearm(ownerId: number, thresholds: readonly FiredThreshold[]): Promise<FiredThreshold[]> {
    const rearmed: FiredThreshold[] = [];
    const p = parameterMarkers(this.manager);
    for (const t of thresholds) {
      const rows = await this.rowsOf(
        `/* re-arm quota threshold */ DELETE FROM quota_warning_state ` +
          `WHERE owner_id = ${p(1)} AND group_name = ${p(2)} AND rule_name = ${p(3)} AND threshold = ${p(4)} RETURNING threshold`,
        [ownerId, t.group, t.rule, t.threshold],
      );
      if (rows.length > 0) rearmed.push(t);
    }
    return rearmed;
  }

  async recordEvent(event: NewQuotaEvent): Promise<QuotaEvent> {
    const p = parameterMarkers(this.manager);
    const [row] = await this.rowsOf<{ id: number | string }>(
      `/* record quota event */ INSERT INTO quota_event ` +
        `(owner_id, group_name, rule_name, subjects, limit_bytes, usage_bytes, threshold, direction, created_at) ` +
        `VALUES (${[1, 2, 3, 4, 5, 6, 7, 8, 9].map(p).join(', ')}) RETURNING id`,
      [
        event.ownerId,
        event.group,
        event.rule,
        event.subjects.join(','),
        event.limit,
        event.usage,
        event.threshold,
        event.direction,
        event.createdAt.getTime(),
      ],
    );
    return { ...event, id: Number(row.id) };
  }

  async listEvents(filter: QuotaEventFilter, skip: number, take: number): Promise<[QuotaEvent[], number]> {
    const p = parameterMarkers(this.manager);
    const where = filter.ownerId === undefined ? '' : ` WHERE owner_id = ${p(1)}`;
    const params = filter.ownerId === undefined ? [] : [filter.ownerId];
    const n = params.length;
    const rows: EventRow[] = await this.manager.query(
      `SELECT ${EVENT_COLUMNS} FROM quota_event${where} ORDER BY id DESC LIMIT ${p(n + 1)} OFFSET ${p(n + 2)}`,
      [...params, take, skip],
    );
    const [{ total }]: { total: number | string }[] = await this.manager.query(`SELECT COUNT(*) AS total FROM quota_event${where}`, params);
    return [rows.map(toEvent), Number(total)];
  }

  async findEvent(id: number): Promise<QuotaEvent | null> {
    const rows: EventRow[] = await this.manager.query(
      `SELECT ${EVENT_COLUMNS} FROM quota_event WHERE id = ${parameterMarkers(this.manager)(1)}`,
      [id],
    );
    return rows.length > 0 ? toEvent(rows[0]) : null;
  }

  async setting(name: string): Promise<string | null> {
    const rows: { value: string }[] = await this.manager.query(
      `SELECT value FROM quota_warning_setting WHERE name = ${parameterMarkers(this.manager)(1)}`,
      [name],
    );
    return rows.length > 0 ? rows[0].value : null;
  }

  async setSetting(name: string, value: string): Promise<void> {
    const p = parameterMarkers(this.manager);
    await this.manager.query(
      `INSERT INTO quota_warning_setting (name, value) VALUES (${p(1)}, ${p(2)}) ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      [name, value],
    );
  }

  /** The rows a writing statement RETURNs (PostgreSQL's runner answers a DELETE as [rows, count]). */
  private async rowsOf<T = unknown>(sql: string, params: unknown[]): Promise<T[]> {
    const answer: unknown = await this.manager.query(sql, params);
    if (Array.isArray(answer) && answer.length === 2 && Array.isArray(answer[0]) && typeof answer[1] === 'number') return answer[0] as T[];
    return answer as T[];
  }
}

function toEvent(row: EventRow): QuotaEvent {
  return {
    id: Number(row.id),
    ownerId: Number(row.owner_id),
    group: row.group_name,
    rule: row.rule_name,
    subjects: row.subjects === '' ? [] : (row.subjects.split(',') as QuotaSubject[]),
    limit: Number(row.limit_bytes),
    usage: Number(row.usage_bytes),
    threshold: Number(row.threshold),
    direction: row.direction === 'down' ? 'down' : 'up',
    createdAt: new Date(Number(row.created_at)),
  };
}
