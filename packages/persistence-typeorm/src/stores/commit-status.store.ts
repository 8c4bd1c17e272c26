import { EntityManager, FindOptionsOrder } from 'typeorm';
import { CommitStatusQuery, CommitStatusSort, CommitStatusStore, latestOfEachContext, NewCommitStatus } from '@bellows/domain';
import { CommitStatusEntity } from '../entities/commit-status.entity';

// Statuses are never updated, so "update" orders are creation orders; ids rise with
// creation and break ties between statuses made in the same millisecond.
const ORDERS: Record<CommitStatusSort, FindOptionsOrder<CommitStatusEntity>> = {
  newest: { createdAt: 'DESC', id: 'DESC' },
  oldest: { createdAt: 'ASC', id: 'ASC' },
  recentupdate: { createdAt: 'DESC', id: 'DESC' },
  leastupdate: { createdAt: 'ASC', id: 'ASC' },
  leastindex: { id: 'ASC' },
  highestindex: { id: 'DESC' },
};

/** The CommitStatusStore port on TypeORM: the `commit_status` table. */
export class TypeOrmCommitStatusStore implements CommitStatusStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(CommitStatusEntity);
  }

  insert(status: NewCommitStatus): Promise<CommitStatusEntity> {
    return this.repo.save(this.repo.create(status));
  }

  list(repoId: number, sha: string, query: CommitStatusQuery): Promise<[CommitStatusEntity[], number]> {
    const where = query.state === undefined ? { repoId, sha } : { repoId, sha, state: query.state };
    return this.repo.findAndCount({ where, order: ORDERS[query.sort], skip: query.skip, take: query.take });
  }

  async latestPerContext(repoId: number, sha: string): Promise<CommitStatusEntity[]> {
    return latestOfEachContext(await this.repo.find({ where: { repoId, sha }, order: { id: 'ASC' } }));
  }
}
