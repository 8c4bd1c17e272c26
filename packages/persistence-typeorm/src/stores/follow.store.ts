import { EntityManager } from 'typeorm';
import { FollowStore, Owner } from '@bellows/domain';
import { FollowEntity } from '../entities/follow.entity';
import { OwnerEntity } from '../entities/owner.entity';
import { InTransaction, parameterMarkers } from '../quota/in-transaction';
import { noteWrite } from '../read-cache/change-versions';
import { isUniqueViolation } from '../unique-violation';

/** Follows on TypeORM: the `follow` table, with both owners' counters moved in the same transaction. */
export class TypeOrmFollowStore implements FollowStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get follows() {
    return this.manager.getRepository(FollowEntity);
  }

  async follow(userId: number, followId: number): Promise<boolean> {
    try {
      return await this.inTransaction(async (manager) => {
        if (await manager.getRepository(FollowEntity).existsBy({ userId, followId })) return false;
        await manager.getRepository(FollowEntity).insert({ userId, followId, createdAt: new Date() });
        await countFollow(manager, userId, followId, 1);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false; // followed at the same moment by another request
      throw error;
    }
  }

  unfollow(userId: number, followId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const removed = (await manager.getRepository(FollowEntity).delete({ userId, followId })).affected ?? 0;
      if (removed > 0) await countFollow(manager, userId, followId, -removed);
      return removed > 0;
    });
  }

  isFollowing(userId: number, followId: number): Promise<boolean> {
    return this.follows.existsBy({ userId, followId });
  }

  async followers(userId: number): Promise<Owner[]> {
    const rows = await this.follows.find({ where: { followId: userId }, order: { id: 'ASC' }, relations: { user: true } });
    return rows.map((row) => row.user as OwnerEntity);
  }

  async following(userId: number): Promise<Owner[]> {
    const rows = await this.follows.find({ where: { userId }, order: { id: 'ASC' }, relations: { followed: true } });
    return rows.map((row) => row.followed as OwnerEntity);
  }
}

/** Moves both counters in place (never a loaded row saved); owners are cached under 'auth', so it is noted. */
async function countFollow(manager: EntityManager, userId: number, followId: number, delta: number): Promise<void> {
  const p = parameterMarkers(manager);
  await manager.query(`UPDATE owner SET num_following = num_following + ${p(1)} WHERE id = ${p(2)}`, [delta, userId]);
  await manager.query(`UPDATE owner SET num_followers = num_followers + ${p(1)} WHERE id = ${p(2)}`, [delta, followId]);
  noteWrite(manager, 'auth');
}
