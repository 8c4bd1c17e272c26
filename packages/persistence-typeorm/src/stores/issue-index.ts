import { EntityManager } from 'typeorm';
import { IssueEntity } from '../entities/issue.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { findLocked } from '../quota/locked-row';

/**
 * The next free number of a repository's shared issue/pull request sequence.
 * Must run inside the transaction that inserts the issue: it locks the
 * repository row (PostgreSQL; SQLite has one writer at a time), so two
 * concurrent creations cannot take the same number. The unique index
 * `uq_issue_repo_index` stays the last line of defence.
 */
export async function nextIssueIndex(manager: EntityManager, repoId: number): Promise<number> {
  const repo = await findLocked(manager, RepositoryEntity, { id: repoId });
  if (!repo) throw new Error(`repository ${repoId} does not exist`);
  const row = await manager
    .getRepository(IssueEntity)
    .createQueryBuilder('issue')
    .select('MAX(issue.index)', 'highest')
    .where('issue.repoId = :repoId', { repoId })
    .getRawOne<{ highest: number | string | null }>();
  return Number(row?.highest ?? 0) + 1;
}
