import { EntityManager } from 'typeorm';
import { ContainerGoneError, Owner, StarStore } from '@bellows/domain';
import { OwnerEntity } from '../entities/owner.entity';
import { StarEntity } from '../entities/star.entity';
import { InTransaction, sqlParam } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';
import { RepositoryEntity } from '../entities/repository.entity';
import { noteWrite } from '../read-cache/change-versions';
import { isUniqueViolation } from '../unique-violation';

/** Stars on TypeORM: the `star` table, with `repository.num_stars` moved in the same transaction. */
export class TypeOrmStarStore implements StarStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get stars() {
    return this.manager.getRepository(StarEntity);
  }

  async star(userId: number, repoId: number): Promise<boolean> {
    try {
      return await this.inTransaction(async (manager) => {
        // Held so that a deletion of the repository comes first (gone) or after (the star goes with it).
        if (!(await findLocked(manager, RepositoryEntity, { id: repoId }))) throw new ContainerGoneError('repository', repoId);
        if (await manager.getRepository(StarEntity).existsBy({ userId, repoId })) return false;
        await manager.getRepository(StarEntity).insert({ userId, repoId, createdAt: new Date() });
        await countStar(manager, repoId, 1);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false; // starred at the same moment by another request
      throw error;
    }
  }

  unstar(userId: number, repoId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const removed = (await manager.getRepository(StarEntity).delete({ userId, repoId })).affected ?? 0;
      if (removed > 0) await countStar(manager, repoId, -removed);
      return removed > 0;
    });
  }

  isStarred(userId: number, repoId: number): Promise<boolean> {
    return this.stars.existsBy({ userId, repoId });
  }

  async starredBy(userId: number): Promise<number[]> {
    return (await this.stars.find({ where: { userId }, order: { id: 'DESC' }, select: { repoId: true } })).map((star) => star.repoId);
  }

  async stargazers(repoId: number, skip: number, take: number): Promise<[Owner[], number]> {
    const [stars, total] = await this.stars.findAndCount({
      where: { repoId },
      order: { id: 'ASC' },
      skip,
      take,
      relations: { user: true },
    });
    return [stars.map((star) => star.user as OwnerEntity), total];
  }
}

/** Moves the repository's star count in place (never a loaded row saved), and tells the read caches. */
async function countStar(manager: EntityManager, repoId: number, delta: number): Promise<void> {
  await manager.query(`UPDATE repository SET num_stars = num_stars + ${sqlParam(manager, 1)} WHERE id = ${sqlParam(manager, 2)}`, [
    delta,
    repoId,
  ]);
  noteWrite(manager, 'repositories');
}
