import { EntityManager } from 'typeorm';
import { ContainerGoneError } from '@bellows/domain';
import { IssueEntity } from '../entities/issue.entity';
import { sqlParam } from '../quota/in-transaction';
import { insertRow, rowToInsert } from './insert-row';

/**
 * The statement that takes the next number of a repository's shared
 * issue/pull request sequence: one above the highest ever given out
 * (`repository.last_issue_index`, or the highest stored number should that be
 * behind), so the number of a deleted issue is never given to another, as in
 * Forgejo. `repoParam` is the marker of the repository's id.
 *
 * One statement takes the number and raises the counter: the UPDATE locks the
 * repository row until commit (PostgreSQL; SQLite has one writer at a time),
 * so two concurrent creations cannot take the same number, and no number is
 * retried. No row answered: the repository is gone. The unique index
 * `uq_issue_repo_index` stays the last line of defence.
 *
 * No noteWrite: the counter is in no cached read (the column is `select: false`), and noting 'repositories'
 * made every request after an issue creation read its repository again, twice through the query builder.
 */
function takeNextNumber(manager: EntityManager, repoParam: string): string {
  const greater = manager.connection.options.type === 'postgres' ? 'GREATEST' : 'MAX';
  return (
    `UPDATE repository SET last_issue_index = ${greater}(last_issue_index, ` +
    `COALESCE((SELECT MAX("index") FROM issue WHERE repo_id = ${repoParam}), 0)) + 1 WHERE id = ${repoParam} RETURNING last_issue_index AS next`
  );
}

/** The next number of the repository's issue sequence (see takeNextNumber). Must run inside the transaction that inserts the issue. */
export async function nextIssueIndex(manager: EntityManager, repoId: number): Promise<number> {
  const postgres = manager.connection.options.type === 'postgres';
  // The leading comment makes TypeORM's SQLite runner read the RETURNING row (it only runs statements that start with UPDATE).
  const answer: unknown = await manager.query(`/* next issue number */ ${takeNextNumber(manager, sqlParam(manager, 1))}`, [repoId]);
  // PostgreSQL's runner answers an UPDATE as [rows, count]; SQLite's as the rows.
  const rows = (postgres ? (answer as unknown[])[0] : answer) as { next: number | string }[];
  if (!rows.length) throw new ContainerGoneError('repository', repoId);
  return Number(rows[0].next);
}

/**
 * Inserts an issue row with the next number of its repository's sequence;
 * ContainerGoneError when the repository is gone. Must run inside a
 * transaction. On PostgreSQL the number is taken in the INSERT itself (a
 * data-modifying WITH): one round trip less while the repository's row is
 * locked, which is what issues of one repository queue behind. SQLite has no
 * writing WITH, and its statements cost no round trip: two statements there.
 */
export async function insertNumberedIssue(manager: EntityManager, values: Omit<Partial<IssueEntity>, 'index'>): Promise<IssueEntity> {
  const repoId = values.repoId as number;
  if (manager.connection.options.type !== 'postgres') {
    return insertRow(manager, IssueEntity, { ...values, index: await nextIssueIndex(manager, repoId) });
  }
  const { table, columns, params, row } = rowToInsert(manager, IssueEntity, { ...values, index: 0 });
  const numberAt = columns.indexOf('"index"');
  const bound = [repoId, ...params.filter((_, i) => i !== numberAt)];
  let n = 1;
  // In VALUES (not INSERT … SELECT) PostgreSQL types each parameter by its column.
  const markers = columns.map((_, i) => (i === numberAt ? '(SELECT next FROM taken)' : `$${++n}`));
  const sql =
    `WITH taken AS (${takeNextNumber(manager, '$1')}) ` +
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${markers.join(', ')}) RETURNING "id", "index"`;
  try {
    const [stored] = (await manager.query(sql, bound)) as { id: number | string; index: number | string }[];
    return manager.create(IssueEntity, { ...row, id: Number(stored.id), index: Number(stored.index) });
  } catch (error) {
    // No repository row: nothing was numbered, and the number column is left null.
    if (isNumberMissing(error)) throw new ContainerGoneError('repository', repoId);
    throw error;
  }
}

function isNumberMissing(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string; column?: string } }).driverError;
  return driverError?.code === '23502' && driverError.column === 'index'; // not_null_violation
}
