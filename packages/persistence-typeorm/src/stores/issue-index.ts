import { EntityManager } from 'typeorm';
import { sqlParam } from '../quota/in-transaction';
import { ContainerGoneError } from '@bellows/domain';

/**
 * The next number of a repository's shared issue/pull request sequence: one
 * above the highest ever given out (`repository.last_issue_index`, or the
 * highest stored number should that be behind), so the number of a deleted
 * issue is never given to another, as in Forgejo. Must run inside the
 * transaction that inserts the issue.
 *
 * One statement takes the number and raises the counter: the UPDATE locks the
 * repository row until commit (PostgreSQL; SQLite has one writer at a time),
 * so two concurrent creations cannot take the same number, and no number is
 * retried. No row answered: the repository is gone. The unique index
 * `uq_issue_repo_index` stays the last line of defence.
 */
export async function nextIssueIndex(manager: EntityManager, repoId: number): Promise<number> {
  const postgres = manager.connection.options.type === 'postgres';
  const p = sqlParam(manager, 1);
  const greater = postgres ? 'GREATEST' : 'MAX';
  // The leading comment makes TypeORM's SQLite runner read the RETURNING row (it only runs statements that start with UPDATE).
  const answer: unknown = await manager.query(
    `/* next issue number */ UPDATE repository SET last_issue_index = ${greater}(last_issue_index, ` +
      `COALESCE((SELECT MAX("index") FROM issue WHERE repo_id = ${p}), 0)) + 1 WHERE id = ${p} RETURNING last_issue_index AS next`,
    [repoId],
  );
  // PostgreSQL's runner answers an UPDATE as [rows, count]; SQLite's as the rows.
  const rows = (postgres ? (answer as unknown[])[0] : answer) as { next: number | string }[];
  if (!rows.length) throw new ContainerGoneError('repository', repoId);
  // No noteWrite: the counter is in no cached read (the column is `select: false`), and noting 'repositories'
  // made every request after an issue creation read its repository again, twice through the query builder.
  return Number(rows[0].next);
}
