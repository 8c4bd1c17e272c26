import { EntityManager, In, LessThanOrEqual } from 'typeorm';
import { UsageChanges } from '@bellows/domain';
import { ActionArtifactEntity } from '../entities/action-artifact.entity';
import { ActionRunEntity } from '../entities/action-run.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction } from '../quota/in-transaction';
import { findLocked, holdContainers } from '../quota/locked-row';
import { artifactThing } from '../quota/sized-rows';
import { UsageLedger } from '../quota/usage-ledger';
import type { ArtifactFilter, ArtifactStore, CountedArtifact, NewArtifact } from '@bellows/domain';

/** The ArtifactStore port on TypeORM: an artifact's compressed size counts toward the repository owner while it is active. */
export class TypeOrmArtifactStore implements ArtifactStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  findById(id: number): Promise<ActionArtifactEntity | null> {
    return this.manager.getRepository(ActionArtifactEntity).findOneBy({ id });
  }

  /** Records a finalized artifact while its repository and run are held; ContainerGoneError when either was deleted meanwhile. */
  insert(input: NewArtifact): Promise<ActionArtifactEntity> {
    return this.inTransaction(async (manager) => {
      await holdContainers(manager, [
        { kind: 'repository', entity: RepositoryEntity, id: input.repoId },
        { kind: 'actions run', entity: ActionRunEntity, id: input.runId },
      ]);
      const repository = await manager.getRepository(RepositoryEntity).findOneByOrFail({ id: input.repoId });
      const artifacts = manager.getRepository(ActionArtifactEntity);
      const saved = await artifacts.save(
        artifacts.create({
          repoId: input.repoId,
          runId: input.runId,
          name: input.name,
          compressedSize: input.compressedSize,
          expiresAt: input.expiresAt ?? null,
          status: 'active',
          storageKey: input.storageKey ?? null,
          sha256: input.sha256 ?? null,
          createdAt: input.createdAt ?? null,
        }),
      );
      await new UsageLedger(manager).apply(UsageChanges.added(repository.ownerId, artifactThing(saved), saved.compressedSize));
      return saved;
    });
  }

  /** One page of a repository's artifacts (newest first) and how many match. */
  listForRepository(filter: ArtifactFilter, skip: number, take: number): Promise<[ActionArtifactEntity[], number]> {
    const where = {
      repoId: filter.repoId,
      ...(filter.runId !== undefined && { runId: filter.runId }),
      ...(filter.name !== undefined && { name: filter.name }),
      ...(filter.id !== undefined && { id: filter.id }),
    };
    return this.manager.getRepository(ActionArtifactEntity).findAndCount({ where, order: { id: 'DESC' }, skip, take });
  }

  /** The active artifacts of some runs (the artifact protocol lists only what can still be downloaded). */
  listActiveForRuns(runIds: number[]): Promise<ActionArtifactEntity[]> {
    if (runIds.length === 0) return Promise.resolve([]);
    return this.manager.getRepository(ActionArtifactEntity).find({ where: { runId: In(runIds), status: 'active' }, order: { id: 'ASC' } });
  }

  /** Active artifacts whose expiry date has passed, oldest expiry first (the cleanup job's work list). */
  listDueForExpiry(now: Date, take: number): Promise<ActionArtifactEntity[]> {
    return this.manager
      .getRepository(ActionArtifactEntity)
      .find({ where: { status: 'active', expiresAt: LessThanOrEqual(now) }, order: { expiresAt: 'ASC' }, take });
  }

  /** Marks an active artifact expired (the expiry job): it stops counting. False when it was not active. */
  markExpired(id: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const artifact = await findLocked(manager, ActionArtifactEntity, { id });
      if (artifact?.status !== 'active') return false;
      await manager.getRepository(ActionArtifactEntity).update({ id }, { status: 'expired' });
      await this.release(manager, artifact);
      return true;
    });
  }

  delete(id: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const artifact = await findLocked(manager, ActionArtifactEntity, { id });
      if (!artifact) return false;
      await manager.getRepository(ActionArtifactEntity).delete({ id });
      if (artifact.status === 'active') await this.release(manager, artifact);
      return true;
    });
  }

  /** One page of the owner's active artifacts, biggest first, and how many there are. */
  async listCountedForOwner(ownerId: number, skip: number, take: number): Promise<[CountedArtifact[], number]> {
    const query = this.manager
      .getRepository(ActionArtifactEntity)
      .createQueryBuilder('a')
      .innerJoin(RepositoryEntity, 'r', 'r.id = a.repo_id')
      .innerJoin('owner', 'o', 'o.id = r.owner_id')
      .where('r.owner_id = :ownerId', { ownerId })
      .andWhere("a.status = 'active'");
    const total = await query.getCount();
    const rows = await query
      .select([
        'a.id AS id',
        'a.name AS name',
        'a.compressed_size AS size',
        'a.run_id AS run_id',
        'o.name AS owner_name',
        'r.name AS repo_name',
      ])
      .orderBy('a.compressed_size', 'DESC')
      .addOrderBy('a.id', 'ASC')
      .offset(skip)
      .limit(take)
      .getRawMany();
    return [
      rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        size: Number(row.size),
        runId: Number(row.run_id),
        ownerName: row.owner_name,
        repoName: row.repo_name,
      })),
      total,
    ];
  }

  private async release(manager: EntityManager, artifact: ActionArtifactEntity): Promise<void> {
    const repository = await manager.getRepository(RepositoryEntity).findOneByOrFail({ id: artifact.repoId });
    await new UsageLedger(manager).apply(UsageChanges.removed(repository.ownerId, artifactThing(artifact), artifact.compressedSize));
  }
}
