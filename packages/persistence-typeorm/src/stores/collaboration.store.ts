import { EntityManager } from 'typeorm';
import { CollaborationMode, Collaborator, CollaborationStore } from '@bellows/domain';
import { CollaborationEntity } from '../entities/collaboration.entity';

/** Collaborators of repositories and their modes, on TypeORM. */
export class TypeOrmCollaborationStore implements CollaborationStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(CollaborationEntity);
  }

  async modeOf(repoId: number, userId: number): Promise<CollaborationMode | null> {
    return (await this.repo.findOneBy({ repoId, userId }))?.mode ?? null;
  }

  /** Adds the collaborator, or changes the mode of an existing one. */
  async set(repoId: number, userId: number, mode: CollaborationMode): Promise<void> {
    await this.repo.upsert({ repoId, userId, mode }, { conflictPaths: ['repoId', 'userId'] });
  }

  /** False when the user was not a collaborator. */
  async remove(repoId: number, userId: number): Promise<boolean> {
    return ((await this.repo.delete({ repoId, userId })).affected ?? 0) > 0;
  }

  /** One page of the collaborators, by name, with their modes. */
  async list(repoId: number, skip: number, take: number): Promise<[Collaborator[], number]> {
    const [rows, total] = await this.repo.findAndCount({
      where: { repoId },
      relations: { user: true },
      order: { user: { lowerName: 'ASC' } },
      skip,
      take,
    });
    return [rows.map((row) => ({ user: row.user!, mode: row.mode })), total];
  }
}
