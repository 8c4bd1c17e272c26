import { EntityManager } from 'typeorm';
import {
  ContainerGoneError,
  DeletedRepositoryFiles,
  NewRepository,
  Repository,
  RepositoryDetails,
  RepositoryNameTakenError,
  RepositoryStore,
  SizedThing,
  UsageChange,
  UsageChanges,
} from '@bellows/domain';
import { ActionArtifactEntity } from '../entities/action-artifact.entity';
import { AttachmentEntity } from '../entities/attachment.entity';
import { CollaborationEntity } from '../entities/collaboration.entity';
import { PackageEntity } from '../entities/package.entity';
import { TeamRepositoryEntity } from '../entities/team-repository.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction, sqlParam } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';
import { artifactThing, attachmentThing, REPOSITORY_LFS, repositoryGit } from '../quota/sized-rows';
import { UsageLedger } from '../quota/usage-ledger';
import { noteWrite } from '../read-cache/change-versions';
import { ReadCaches } from '../read-cache/read-caches';
import { isUniqueViolation } from '../unique-violation';

/**
 * Repositories on TypeORM. Every change of a size or of the visibility adjusts
 * the owner's usage ledger in the same transaction.
 */
export class TypeOrmRepositoryStore implements RepositoryStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get repo() {
    return this.manager.getRepository(RepositoryEntity);
  }

  private get caches() {
    return ReadCaches.of(this.manager.connection);
  }

  /** Every repository route reads its repository: cached until a repository row is written. */
  findById(id: number): Promise<Repository | null> {
    return this.caches.repositoriesById.read(this.manager, id, 'repositories', () => this.repo.findOneBy({ id }));
  }

  findByOwnerAndName(ownerId: number, name: string): Promise<Repository | null> {
    const lowerName = name.toLowerCase();
    return this.caches.repositoriesByName.read(this.manager, `${ownerId}/${lowerName}`, 'repositories', () =>
      this.repo.findOneBy({ ownerId, lowerName }),
    );
  }

  async insert(input: NewRepository): Promise<Repository> {
    try {
      return await this.insertCounted(input);
    } catch (error) {
      throw isUniqueViolation(error) ? new RepositoryNameTakenError(input.name) : error;
    }
  }

  /** Changes columns that do not count for quota (a rename keeps the lower-cased name in step). */
  async updateDetails(id: number, details: RepositoryDetails): Promise<void> {
    const changes: Partial<RepositoryEntity> = { ...details, updatedAt: new Date() };
    if (details.name !== undefined) changes.lowerName = details.name.toLowerCase();
    try {
      await this.repo.update({ id }, changes);
    } catch (error) {
      throw isUniqueViolation(error) && details.name !== undefined ? new RepositoryNameTakenError(details.name) : error;
    } finally {
      noteWrite(this.manager, 'repositories');
    }
  }

  private insertCounted(input: NewRepository): Promise<Repository> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'repositories');
      const now = new Date();
      const row = manager.getRepository(RepositoryEntity).create({
        ownerId: input.ownerId,
        name: input.name,
        lowerName: input.name.toLowerCase(),
        isPrivate: input.isPrivate ?? false,
        gitSize: input.gitSize ?? 0,
        lfsSize: input.lfsSize ?? 0,
        createdAt: now,
        updatedAt: now,
        description: input.description ?? '',
        website: input.website ?? '',
        defaultBranch: input.defaultBranch ?? 'main',
        isEmpty: true,
        forkId: input.forkId ?? null,
        numForks: 0,
        numStars: 0,
        numWatches: 0,
      });
      if (input.forkId !== undefined) {
        // The parent is held like a container, so a deletion of it waits for (or wins against) this fork.
        if (!(await findLocked(manager, RepositoryEntity, { id: input.forkId }))) throw new ContainerGoneError('repository', input.forkId);
        await countFork(manager, input.forkId, +1);
      }
      const saved = await manager.getRepository(RepositoryEntity).save(row);
      await new UsageLedger(manager).apply([
        ...UsageChanges.added(saved.ownerId, repositoryGit(saved.isPrivate), saved.gitSize),
        ...UsageChanges.added(saved.ownerId, REPOSITORY_LFS, saved.lfsSize),
      ]);
      return saved;
    });
  }

  /** Records the size of the git data (LFS excluded), e.g. after a push. */
  setGitSize(id: number, bytes: number): Promise<void> {
    return this.change(id, (repo) => {
      const changes = UsageChanges.resized(repo.ownerId, repositoryGit(repo.isPrivate), repo.gitSize, bytes);
      repo.gitSize = bytes;
      return changes;
    });
  }

  /** Records the size of the LFS objects the repository references. */
  setLfsSize(id: number, bytes: number): Promise<void> {
    return this.change(id, (repo) => {
      const changes = UsageChanges.resized(repo.ownerId, REPOSITORY_LFS, repo.lfsSize, bytes);
      repo.lfsSize = bytes;
      return changes;
    });
  }

  /** Makes the repository private or public: its git bytes move between the two buckets. */
  setPrivate(id: number, isPrivate: boolean): Promise<void> {
    return this.change(id, (repo) => {
      const changes = UsageChanges.moved(repo.ownerId, repositoryGit(repo.isPrivate), repositoryGit(isPrivate), repo.gitSize);
      repo.isPrivate = isPrivate;
      return changes;
    });
  }

  /**
   * Gives the repository to another owner. The row is locked first, so an
   * upload recorded concurrently is counted either before (and moves with
   * it) or after (for the new owner); every byte the recount attributes
   * through `repository.owner_id` moves in this transaction.
   */
  changeOwner(id: number, newOwnerId: number): Promise<void> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'repositories', 'issues');
      const repo = await findLocked(manager, RepositoryEntity, { id });
      if (!repo) throw new ContainerGoneError('repository', id);
      if (repo.ownerId === newOwnerId) return;
      const things = await this.sizedThingsOf(manager, repo);
      try {
        await manager.getRepository(RepositoryEntity).update({ id }, { ownerId: newOwnerId, updatedAt: new Date() });
      } catch (error) {
        throw isUniqueViolation(error) ? new RepositoryNameTakenError(repo.name) : error;
      }
      await manager.getRepository(PackageEntity).update({ repoId: id }, { repoId: null });
      await manager.getRepository(TeamRepositoryEntity).delete({ repoId: id });
      await manager.getRepository(CollaborationEntity).delete({ repoId: id, userId: newOwnerId });
      await new UsageLedger(manager).apply(
        UsageChanges.merged(
          things.flatMap(({ thing, bytes }) => [
            ...UsageChanges.removed(repo.ownerId, thing, bytes),
            ...UsageChanges.added(newOwnerId, thing, bytes),
          ]),
        ),
      );
    });
  }

  /**
   * Deletes the repository with its attachments and artifacts (the foreign keys
   * cascade), taking all of their bytes off the owner's ledger. Linked packages
   * stay with the owner and keep counting. Returns the files the deleted rows
   * pointed at (for the caller to remove once this has committed), or null
   * when there was no such repository. The row is locked first, so uploads
   * into it either finished before (and are counted off here) or are refused.
   */
  delete(id: number): Promise<DeletedRepositoryFiles | null> {
    return this.inTransaction(async (manager) => {
      // Its issues go with it, and SQLite may give its id to the next repository.
      noteWrite(manager, 'repositories', 'issues');
      const repo = await findLocked(manager, RepositoryEntity, { id });
      if (!repo) return null;
      const attachments = await manager.getRepository(AttachmentEntity).findBy({ repoId: id });
      const artifacts = await manager.getRepository(ActionArtifactEntity).findBy({ repoId: id });
      const changes = [
        ...UsageChanges.removed(repo.ownerId, repositoryGit(repo.isPrivate), repo.gitSize),
        ...UsageChanges.removed(repo.ownerId, REPOSITORY_LFS, repo.lfsSize),
        ...attachments.flatMap((a) => UsageChanges.removed(repo.ownerId, attachmentThing(a), a.size)),
        ...artifacts.flatMap((a) => UsageChanges.removed(repo.ownerId, artifactThing(a), a.compressedSize)),
      ];
      await manager.getRepository(RepositoryEntity).delete({ id });
      if (repo.forkId !== null) await countFork(manager, repo.forkId, -1);
      await new UsageLedger(manager).apply(UsageChanges.merged(changes));
      return {
        attachmentUuids: attachments.map((a) => a.uuid),
        artifactKeys: artifacts.flatMap((a) => (a.storageKey ? [a.storageKey] : [])),
      };
    });
  }

  /** Everything of the repository that counts for its owner, with its bytes. */
  private async sizedThingsOf(manager: EntityManager, repo: RepositoryEntity): Promise<{ thing: SizedThing; bytes: number }[]> {
    const attachments = await manager.getRepository(AttachmentEntity).findBy({ repoId: repo.id });
    const artifacts = await manager.getRepository(ActionArtifactEntity).findBy({ repoId: repo.id });
    return [
      { thing: repositoryGit(repo.isPrivate), bytes: repo.gitSize },
      { thing: REPOSITORY_LFS, bytes: repo.lfsSize },
      ...attachments.map((a) => ({ thing: attachmentThing(a), bytes: a.size })),
      ...artifacts.map((a) => ({ thing: artifactThing(a), bytes: a.compressedSize })),
    ];
  }

  /** Locks the row, lets `apply` change it and say what the ledger must record, then saves both. */
  private change(id: number, apply: (repo: RepositoryEntity) => UsageChange[]): Promise<void> {
    return this.inTransaction(async (manager) => {
      noteWrite(manager, 'repositories');
      const repo = await findLocked(manager, RepositoryEntity, { id });
      if (!repo) throw new ContainerGoneError('repository', id);
      const changes = apply(repo);
      repo.updatedAt = new Date();
      await manager.getRepository(RepositoryEntity).save(repo);
      await new UsageLedger(manager).apply(changes);
    });
  }
}

/** Adds `delta` to the parent's fork count, written in place so that concurrent forks never lose one. */
async function countFork(manager: EntityManager, parentId: number, delta: number): Promise<void> {
  await manager.query(`UPDATE repository SET num_forks = num_forks + ${sqlParam(manager, 1)} WHERE id = ${sqlParam(manager, 2)}`, [
    delta,
    parentId,
  ]);
}
