import { EntityManager } from 'typeorm';
import { AvatarStore } from '@bellows/domain';
import { OwnerEntity } from '../entities/owner.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { noteWrite } from '../read-cache/change-versions';

/**
 * Avatars on TypeORM: the `avatar` column of the owner and repository rows,
 * written by id (never by saving a loaded row). Repository rows are cached, so
 * a change is noted for their cache.
 */
export class TypeOrmAvatarStore implements AvatarStore {
  constructor(private readonly manager: EntityManager) {}

  async ownerAvatar(ownerId: number): Promise<string | null> {
    const row = await this.manager
      .getRepository(OwnerEntity)
      .createQueryBuilder('o')
      .select('o.avatar', 'avatar')
      .where('o.id = :ownerId', { ownerId })
      .getRawOne<{ avatar: string | null }>();
    return row?.avatar ?? null;
  }

  async setOwnerAvatar(ownerId: number, sha256: string | null): Promise<boolean> {
    const result = await this.manager
      .createQueryBuilder()
      .update(OwnerEntity)
      .set({ avatar: sha256 })
      .where('id = :ownerId', { ownerId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async repositoryAvatar(repoId: number): Promise<string | null> {
    const row = await this.manager.getRepository(RepositoryEntity).findOne({ where: { id: repoId }, select: { id: true, avatar: true } });
    return row?.avatar ?? null;
  }

  async setRepositoryAvatar(repoId: number, sha256: string | null): Promise<boolean> {
    try {
      const result = await this.manager
        .createQueryBuilder()
        .update(RepositoryEntity)
        .set({ avatar: sha256 })
        .where('id = :repoId', { repoId })
        .execute();
      return (result.affected ?? 0) > 0;
    } finally {
      noteWrite(this.manager, 'repositories');
    }
  }

  async isInUse(sha256: string): Promise<boolean> {
    const byOwner = await this.manager
      .getRepository(OwnerEntity)
      .createQueryBuilder('o')
      .where('o.avatar = :sha256', { sha256 })
      .getExists();
    return byOwner || (await this.manager.getRepository(RepositoryEntity).existsBy({ avatar: sha256 }));
  }
}
