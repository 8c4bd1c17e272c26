import { EntityManager } from 'typeorm';
import { ContainerGoneError, UsageBucket } from '@bellows/domain';
import { ActionArtifactEntity } from '../entities/action-artifact.entity';
import { AttachmentEntity } from '../entities/attachment.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';
import { mergeAdjustments, UsageAdjustment, UsageLedger } from '../quota/usage-ledger';
import { attachmentBucket } from './attachment.store';


export interface NewRepository {
  ownerId: number;
  name: string;
  isPrivate?: boolean;
  gitSize?: number;
  lfsSize?: number;
  description?: string;
  website?: string;
  defaultBranch?: string;
}

/** The stored files of a deleted repository's attachments and artifacts. */
export interface DeletedRepositoryFiles {
  attachmentUuids: string[];
  /** Blob keys of the artifacts' zips. */
  artifactKeys: string[];
}

/** The columns of a repository that no quota figure depends on. */
export type RepositoryDetails = Partial<Pick<RepositoryEntity, 'name' | 'description' | 'website' | 'defaultBranch' | 'isEmpty' | 'isArchived'>>;

/** The bucket a repository's git data counts in. */
export function repositoryBucket(isPrivate: boolean): UsageBucket {
  return isPrivate ? 'repos:private' : 'repos:public';
}

/**
 * Repositories, as far as quota is concerned. Every change of a size or of the
 * visibility adjusts the owner's usage ledger in the same transaction.
 */
export class RepositoryStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get repo() {
    return this.manager.getRepository(RepositoryEntity);
  }

  findById(id: number): Promise<RepositoryEntity | null> {
    return this.repo.findOneBy({ id });
  }

  findByOwnerAndName(ownerId: number, name: string): Promise<RepositoryEntity | null> {
    return this.repo.findOneBy({ ownerId, lowerName: name.toLowerCase() });
  }

  insert(input: NewRepository): Promise<RepositoryEntity> {
    return this.inTransaction(async (manager) => {
      const now = new Date();
      const row = manager.getRepository(RepositoryEntity).create({
        ownerId: input.ownerId, name: input.name, lowerName: input.name.toLowerCase(), isPrivate: input.isPrivate ?? false,
        gitSize: input.gitSize ?? 0, lfsSize: input.lfsSize ?? 0, createdAt: now, updatedAt: now,
        description: input.description ?? '', website: input.website ?? '', defaultBranch: input.defaultBranch ?? 'main', isEmpty: true,
      });
      const saved = await manager.getRepository(RepositoryEntity).save(row);
      await new UsageLedger(manager).adjust(
        { ownerId: saved.ownerId, bucket: repositoryBucket(saved.isPrivate), delta: saved.gitSize },
        { ownerId: saved.ownerId, bucket: 'git:lfs', delta: saved.lfsSize },
      );
      return saved;
    });
  }

  /** Changes columns that do not count for quota (a rename keeps the lower-cased name in step). */
  async updateDetails(id: number, details: RepositoryDetails): Promise<void> {
    const changes: Partial<RepositoryEntity> = { ...details, updatedAt: new Date() };
    if (details.name !== undefined) changes.lowerName = details.name.toLowerCase();
    await this.repo.update({ id }, changes);
  }

  /** Records the size of the git data (LFS excluded), e.g. after a push. */
  setGitSize(id: number, bytes: number): Promise<void> {
    return this.change(id, (repo) => {
      const adjustments = [{ ownerId: repo.ownerId, bucket: repositoryBucket(repo.isPrivate), delta: bytes - repo.gitSize }];
      repo.gitSize = bytes;
      return adjustments;
    });
  }

  /** Records the size of the LFS objects the repository references. */
  setLfsSize(id: number, bytes: number): Promise<void> {
    return this.change(id, (repo) => {
      const adjustments = [{ ownerId: repo.ownerId, bucket: 'git:lfs' as const, delta: bytes - repo.lfsSize }];
      repo.lfsSize = bytes;
      return adjustments;
    });
  }

  /** Makes the repository private or public: its git bytes move between the two buckets. */
  setPrivate(id: number, isPrivate: boolean): Promise<void> {
    return this.change(id, (repo) => {
      if (repo.isPrivate === isPrivate) return [];
      const adjustments = [
        { ownerId: repo.ownerId, bucket: repositoryBucket(repo.isPrivate), delta: -repo.gitSize },
        { ownerId: repo.ownerId, bucket: repositoryBucket(isPrivate), delta: repo.gitSize },
      ];
      repo.isPrivate = isPrivate;
      return adjustments;
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
      const repo = await findLocked(manager, RepositoryEntity, { id });
      if (!repo) return null;
      const adjustments: UsageAdjustment[] = [
        { ownerId: repo.ownerId, bucket: repositoryBucket(repo.isPrivate), delta: -repo.gitSize },
        { ownerId: repo.ownerId, bucket: 'git:lfs', delta: -repo.lfsSize },
      ];
      const attachments = await manager.getRepository(AttachmentEntity).findBy({ repoId: id });
      for (const attachment of attachments) {
        const bucket = attachmentBucket(attachment);
        if (bucket) adjustments.push({ ownerId: repo.ownerId, bucket, delta: -attachment.size });
      }
      const artifacts = await manager.getRepository(ActionArtifactEntity).findBy({ repoId: id });
      for (const artifact of artifacts) {
        if (artifact.status === 'active') adjustments.push({ ownerId: repo.ownerId, bucket: 'artifacts', delta: -artifact.compressedSize });
      }
      await manager.getRepository(RepositoryEntity).delete({ id });
      await new UsageLedger(manager).adjust(...mergeAdjustments(adjustments));
      return {
        attachmentUuids: attachments.map((a) => a.uuid),
        artifactKeys: artifacts.flatMap((a) => (a.storageKey ? [a.storageKey] : [])),
      };
    });
  }

  /** Locks the row, lets `apply` change it and say what the ledger must record, then saves both. */
  private change(id: number, apply: (repo: RepositoryEntity) => UsageAdjustment[]): Promise<void> {
    return this.inTransaction(async (manager) => {
      const repo = await findLocked(manager, RepositoryEntity, { id });
      if (!repo) throw new ContainerGoneError('repository', id);
      const adjustments = apply(repo);
      repo.updatedAt = new Date();
      await manager.getRepository(RepositoryEntity).save(repo);
      await new UsageLedger(manager).adjust(...adjustments);
    });
  }
}
