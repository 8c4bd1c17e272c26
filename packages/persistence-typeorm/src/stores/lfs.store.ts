import { EntityManager } from 'typeorm';
import { ContainerGoneError, LfsObject, LfsStore } from '@bellows/domain';
import { LfsObjectEntity } from '../entities/lfs-object.entity';
import { LfsObjectRepositoryEntity } from '../entities/lfs-object-repository.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction, sqlParam } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';
import { TypeOrmRepositoryStore } from './repository.store';

/**
 * Git LFS objects and the repositories that reference them. A repository's
 * `lfs_size` is the sum of the sizes of the objects it references; every new
 * reference recomputes it and stores it through TypeOrmRepositoryStore.setLfsSize, so
 * the owner's `git:lfs` usage follows in the same transaction.
 */
export class TypeOrmLfsStore implements LfsStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  findObject(oid: string): Promise<LfsObject | null> {
    return this.manager.getRepository(LfsObjectEntity).findOneBy({ oid });
  }

  /** The object, if the repository references it (only then may it be downloaded from there). */
  async findInRepository(repoId: number, oid: string): Promise<LfsObject | null> {
    const reference = await this.manager.getRepository(LfsObjectRepositoryEntity).findOneBy({ repoId, oid });
    return reference ? this.findObject(oid) : null;
  }

  /**
   * Records that the repository references the object (creating the object row
   * when it is new) and returns the repository's new LFS size. Referencing an
   * object twice changes nothing.
   */
  reference(repoId: number, oid: string, size: number): Promise<number> {
    return this.inTransaction(async (manager) => {
      // Lock the repository first, so concurrent uploads to it sum one after the other.
      if (!(await findLocked(manager, RepositoryEntity, { id: repoId }))) throw new ContainerGoneError('repository', repoId);
      await manager.createQueryBuilder().insert().into(LfsObjectEntity).values({ oid, size, createdAt: new Date() }).orIgnore().execute();
      await manager.createQueryBuilder().insert().into(LfsObjectRepositoryEntity).values({ repoId, oid }).orIgnore().execute();
      const total = await sumReferencedSizes(manager, repoId);
      await new TypeOrmRepositoryStore(manager, (work) => work(manager)).setLfsSize(repoId, total);
      return total;
    });
  }

  /** Makes `toRepoId` reference every object `fromRepoId` references and counts them for its owner. */
  copyReferences(fromRepoId: number, toRepoId: number): Promise<number> {
    return this.inTransaction(async (manager) => {
      if (!(await findLocked(manager, RepositoryEntity, { id: toRepoId }))) throw new ContainerGoneError('repository', toRepoId);
      const [to, from] = [sqlParam(manager, 1), sqlParam(manager, 2)];
      await manager.query(
        `INSERT INTO lfs_object_repository (repo_id, oid) SELECT ${to}, oid FROM lfs_object_repository WHERE repo_id = ${from} ` +
          `AND oid NOT IN (SELECT oid FROM lfs_object_repository WHERE repo_id = ${to})`,
        [toRepoId, fromRepoId],
      );
      const total = await sumReferencedSizes(manager, toRepoId);
      await new TypeOrmRepositoryStore(manager, (work) => work(manager)).setLfsSize(toRepoId, total);
      return total;
    });
  }

  /** Sum of the sizes of the objects the repository references. */
  sizeOfRepository(repoId: number): Promise<number> {
    return sumReferencedSizes(this.manager, repoId);
  }
}

async function sumReferencedSizes(manager: EntityManager, repoId: number): Promise<number> {
  const row = await manager
    .createQueryBuilder(LfsObjectRepositoryEntity, 'ref')
    .innerJoin(LfsObjectEntity, 'object', 'object.oid = ref.oid')
    .select('COALESCE(SUM(object.size), 0)', 'total')
    .where('ref.repo_id = :repoId', { repoId })
    .getRawOne<{ total: string | number }>();
  return Number(row?.total ?? 0);
}
