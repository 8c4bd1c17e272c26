import { EntityManager, MoreThan } from 'typeorm';
import { ContainerGoneError, Issue, IssuePinStore, PinList, PinOutcome } from '@bellows/domain';
import { IssueEntity } from '../entities/issue.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction, parameterMarkers } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';
import { noteWrite } from '../read-cache/change-versions';

/**
 * Pins on TypeORM: `issue.pin_order` (0: not pinned). Every change runs in a
 * transaction holding the repository row, then reads and writes the places
 * in SQL, never saving an issue read before.
 */
export class TypeOrmIssuePinStore implements IssuePinStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  pin(issue: Issue, max: number): Promise<PinOutcome> {
    return this.holdingRepository(issue.repoId, async (manager) => {
      const current = await orderOf(manager, issue.id);
      if (current > 0) return 'already-pinned';
      const list = { repoId: issue.repoId, isPull: issue.isPull };
      if ((await count(manager, list)) >= max) return 'full';
      const p = parameterMarkers(manager);
      await manager.query(
        `UPDATE issue SET pin_order = (SELECT COALESCE(MAX(pin_order), 0) + 1 FROM issue WHERE repo_id = ${p(1)} AND is_pull = ${p(2)}) WHERE id = ${p(3)}`,
        [issue.repoId, issue.isPull, issue.id],
      );
      return 'pinned';
    });
  }

  unpin(issue: Issue): Promise<boolean> {
    return this.holdingRepository(issue.repoId, async (manager) => {
      const current = await orderOf(manager, issue.id);
      if (current === 0) return false;
      const p = parameterMarkers(manager);
      await manager.query(`UPDATE issue SET pin_order = 0 WHERE id = ${p(1)}`, [issue.id]);
      await manager.query(
        `UPDATE issue SET pin_order = pin_order - 1 WHERE repo_id = ${p(1)} AND is_pull = ${p(2)} AND pin_order > ${p(3)}`,
        [issue.repoId, issue.isPull, current],
      );
      return true;
    });
  }

  move(issue: Issue, position: number): Promise<boolean> {
    return this.holdingRepository(issue.repoId, async (manager) => {
      const current = await orderOf(manager, issue.id);
      if (current === 0) return false;
      const target = Math.min(position, await count(manager, { repoId: issue.repoId, isPull: issue.isPull }));
      const p = parameterMarkers(manager);
      const sameList = `repo_id = ${p(1)} AND is_pull = ${p(2)}`;
      // Out of its place, the others close the gap, open one at the target, and it goes in.
      await manager.query(`UPDATE issue SET pin_order = 0 WHERE id = ${p(1)}`, [issue.id]);
      await manager.query(`UPDATE issue SET pin_order = pin_order - 1 WHERE ${sameList} AND pin_order > ${p(3)}`, [
        issue.repoId,
        issue.isPull,
        current,
      ]);
      await manager.query(`UPDATE issue SET pin_order = pin_order + 1 WHERE ${sameList} AND pin_order >= ${p(3)}`, [
        issue.repoId,
        issue.isPull,
        target,
      ]);
      await manager.query(`UPDATE issue SET pin_order = ${p(1)} WHERE id = ${p(2)}`, [target, issue.id]);
      return true;
    });
  }

  pinned({ repoId, isPull }: PinList): Promise<Issue[]> {
    return this.manager.getRepository(IssueEntity).find({
      where: { repoId, isPull, pinOrder: MoreThan(0) },
      order: { pinOrder: 'ASC' },
      relations: { poster: true },
    });
  }

  countPinned(list: PinList): Promise<number> {
    return count(this.manager, list);
  }

  private holdingRepository<T>(repoId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.inTransaction(async (manager) => {
      if (!(await findLocked(manager, RepositoryEntity, { id: repoId }))) throw new ContainerGoneError('repository', repoId);
      const result = await work(manager);
      noteWrite(manager, 'issues');
      return result;
    });
  }
}

async function orderOf(manager: EntityManager, issueId: number): Promise<number> {
  const row = await manager.getRepository(IssueEntity).findOne({ select: { id: true, pinOrder: true }, where: { id: issueId } });
  return row?.pinOrder ?? 0;
}

function count(manager: EntityManager, { repoId, isPull }: PinList): Promise<number> {
  return manager.getRepository(IssueEntity).countBy({ repoId, isPull, pinOrder: MoreThan(0) });
}
