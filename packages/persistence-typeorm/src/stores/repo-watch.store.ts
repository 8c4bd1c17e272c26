import { EntityManager } from 'typeorm';
import { ContainerGoneError, Owner, RepoWatchStore } from '@bellows/domain';
import { OwnerEntity } from '../entities/owner.entity';
import { RepoWatchEntity } from '../entities/repo-watch.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction, sqlParam } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';
import { noteWrite } from '../read-cache/change-versions';
import { isUniqueViolation } from '../unique-violation';

/** Repository watches on TypeORM: the `watch` table, with `repository.num_watches` moved in the same transaction. */
export class TypeOrmRepoWatchStore implements RepoWatchStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get watches() {
    return this.manager.getRepository(RepoWatchEntity);
  }

  async watch(userId: number, repoId: number, at = new Date()): Promise<boolean> {
    try {
      return await this.inTransaction(async (manager) => {
        // Held so that a deletion of the repository comes first (gone) or after (the watch goes with it).
        if (!(await findLocked(manager, RepositoryEntity, { id: repoId }))) throw new ContainerGoneError('repository', repoId);
        if (await manager.getRepository(RepoWatchEntity).existsBy({ userId, repoId })) return false;
        await manager.getRepository(RepoWatchEntity).insert({ userId, repoId, createdAt: at });
        await countWatch(manager, repoId, 1);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false; // watched at the same moment by another request
      throw error;
    }
  }

  unwatch(userId: number, repoId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const removed = (await manager.getRepository(RepoWatchEntity).delete({ userId, repoId })).affected ?? 0;
      if (removed > 0) await countWatch(manager, repoId, -removed);
      return removed > 0;
    });
  }

  isWatching(userId: number, repoId: number): Promise<boolean> {
    return this.watches.existsBy({ userId, repoId });
  }

  async watchedBy(userId: number): Promise<number[]> {
    return (await this.watches.find({ where: { userId }, order: { id: 'DESC' }, select: { repoId: true } })).map((watch) => watch.repoId);
  }

  async watchers(repoId: number, skip: number, take: number): Promise<[Owner[], number]> {
    const [watches, total] = await this.watches.findAndCount({
      where: { repoId },
      order: { id: 'ASC' },
      skip,
      take,
      relations: { user: true },
    });
    return [watches.map((watch) => watch.user as OwnerEntity), total];
  }
}

/** Moves the repository's watcher count in place (never a loaded row saved), and tells the read caches. */
async function countWatch(manager: EntityManager, repoId: number, delta: number): Promise<void> {
  await manager.query(`UPDATE repository SET num_watches = num_watches + ${sqlParam(manager, 1)} WHERE id = ${sqlParam(manager, 2)}`, [
    delta,
    repoId,
  ]);
  noteWrite(manager, 'repositories');
}
