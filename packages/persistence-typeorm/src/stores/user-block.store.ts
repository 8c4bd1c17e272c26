import { EntityManager } from 'typeorm';
import { UserBlock, UserBlockStore } from '@bellows/domain';
import { FollowEntity } from '../entities/follow.entity';
import { UserBlockEntity } from '../entities/user-block.entity';
import { InTransaction, parameterMarkers } from '../quota/in-transaction';
import { noteWrite } from '../read-cache/change-versions';
import { isUniqueViolation } from '../unique-violation';

/** Blocks on TypeORM: the `user_block` table, its effects in the same transaction. */
export class TypeOrmUserBlockStore implements UserBlockStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  async block(blockerId: number, blockedId: number): Promise<boolean> {
    try {
      return await this.inTransaction(async (manager) => {
        if (await manager.getRepository(UserBlockEntity).existsBy({ blockerId, blockedId })) return false;
        await manager.getRepository(UserBlockEntity).insert({ blockerId, blockedId, createdAt: new Date() });
        await endFollows(manager, blockerId, blockedId);
        await endFollows(manager, blockedId, blockerId);
        await endWatchesAndCollaborations(manager, blockerId, blockedId);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false; // blocked at the same moment by another request
      throw error;
    }
  }

  async unblock(blockerId: number, blockedId: number): Promise<boolean> {
    return ((await this.manager.getRepository(UserBlockEntity).delete({ blockerId, blockedId })).affected ?? 0) > 0;
  }

  /**
   * Written out: every issue and comment creation asks it first, and a statement sent as SQL costs a
   * fraction of the query builder's `existsBy` (see docs/performance.md, "Small writes").
   */
  async isBlocked(blockerId: number, blockedId: number): Promise<boolean> {
    const p = parameterMarkers(this.manager);
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 AS found FROM user_block WHERE blocker_id = ${p(1)} AND blocked_id = ${p(2)} LIMIT 1`,
      [blockerId, blockedId],
    );
    return rows.length > 0;
  }

  async blocksOf(blockerId: number, skip: number, take: number): Promise<[UserBlock[], number]> {
    const [rows, total] = await this.manager
      .getRepository(UserBlockEntity)
      .findAndCount({ where: { blockerId }, order: { id: 'ASC' }, skip, take });
    return [
      rows.map(({ id, blockerId: blocker, blockedId: blocked, createdAt }) => ({ id, blockerId: blocker, blockedId: blocked, createdAt })),
      total,
    ];
  }
}

/** `userId` stops following `followId`: the row goes and both counters move in place, as the follow store does. */
async function endFollows(manager: EntityManager, userId: number, followId: number): Promise<void> {
  const removed = (await manager.getRepository(FollowEntity).delete({ userId, followId })).affected ?? 0;
  if (removed === 0) return;
  const p = parameterMarkers(manager);
  await manager.query(`UPDATE owner SET num_following = num_following - ${p(1)} WHERE id = ${p(2)}`, [removed, userId]);
  await manager.query(`UPDATE owner SET num_followers = num_followers - ${p(1)} WHERE id = ${p(2)}`, [removed, followId]);
  noteWrite(manager, 'auth');
}

/** The blocked user stops watching the blocker's repositories (their counters move) and collaborating on them. */
async function endWatchesAndCollaborations(manager: EntityManager, blockerId: number, blockedId: number): Promise<void> {
  const p = parameterMarkers(manager);
  const ownedByBlocker = `SELECT id FROM repository WHERE owner_id = ${p(1)}`;
  await manager.query(
    `UPDATE repository SET num_watches = num_watches - 1 WHERE owner_id = ${p(1)} AND id IN (SELECT repo_id FROM watch WHERE user_id = ${p(2)})`,
    [blockerId, blockedId],
  );
  await manager.query(`DELETE FROM watch WHERE user_id = ${p(2)} AND repo_id IN (${ownedByBlocker})`, [blockerId, blockedId]);
  await manager.query(`DELETE FROM collaboration WHERE user_id = ${p(2)} AND repo_id IN (${ownedByBlocker})`, [blockerId, blockedId]);
  noteWrite(manager, 'repositories');
}
