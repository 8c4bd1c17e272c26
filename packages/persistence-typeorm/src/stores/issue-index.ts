import { EntityManager } from 'typeorm';
import { ContainerGoneError } from '@bellows/domain';
import { IssueEntity } from '../entities/issue.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { sqlParam } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';

/**
 * The next number of a repository's shared issue/pull request sequence: one
 * above the highest ever given out (`repository.last_issue_index`), so the
 * number of a deleted issue is never given to another, as in Forgejo. Must
 * run inside the transaction that inserts the issue: it locks the repository
 * row (PostgreSQL; SQLite has one writer at a time), so two concurrent
 * creations cannot take the same number. The unique index
 * `uq_issue_repo_index` stays the last line of defence.
 */
export async function nextIssueIndex(manager: EntityManager, repoId: number): Promise<number> {
  if (!(await findLocked(manager, RepositoryEntity, { id: repoId }))) throw new ContainerGoneError('repository', repoId);
  const p = (n: number) => sqlParam(manager, n);
  const [{ last }] = await manager.query(`SELECT last_issue_index AS last FROM repository WHERE id = ${p(1)}`, [repoId]);
  const row = await manager
    .getRepository(IssueEntity)
    .createQueryBuilder('issue')
    .select('MAX(issue.index)', 'highest')
    .where('issue.repoId = :repoId', { repoId })
    .getRawOne<{ highest: number | string | null }>();
  const next = Math.max(Number(last ?? 0), Number(row?.highest ?? 0)) + 1;
  await manager.query(`UPDATE repository SET last_issue_index = ${p(1)} WHERE id = ${p(2)}`, [next, repoId]);
  return next;
}
