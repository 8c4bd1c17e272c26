import { EntityManager } from 'typeorm';
import { JobClaim, ScheduledJobState, ScheduledJobStore } from '@bellows/domain';
import { ScheduledJobEntity } from '../entities/scheduled-job.entity';

/** A lease nobody holds, or one whose time ran out (its instance died or stalled). */
const LEASE_FREE = '(lease_until IS NULL OR lease_until <= :now)';

/**
 * The ScheduledJobStore port on TypeORM. Every claim is one UPDATE whose
 * WHERE says what must still be true (the due time as read, the lease free);
 * both engines apply it to the row atomically, so of two instances claiming
 * at once exactly one sees a changed row. Plain rows rather than PostgreSQL
 * advisory locks: the same code serves SQLite, a lease survives no crash
 * (it lapses), no connection is pinned for the length of a run, and the row
 * is also the shared history the cron page shows.
 */
export class TypeOrmScheduledJobStore implements ScheduledJobStore {
  constructor(private readonly manager: EntityManager) {}

  async register(name: string, firstDueAt: Date): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .insert()
      .into(ScheduledJobEntity)
      .values({ name, nextRunAt: firstDueAt, lastRunAt: null, runCount: 0, leaseOwner: null, leaseUntil: null })
      .orIgnore()
      .execute();
  }

  find(name: string): Promise<ScheduledJobState | null> {
    return this.manager.findOneBy(ScheduledJobEntity, { name });
  }

  list(): Promise<ScheduledJobState[]> {
    return this.manager.find(ScheduledJobEntity, { order: { name: 'ASC' } });
  }

  claimDue(name: string, due: Date, following: Date, claim: JobClaim): Promise<boolean> {
    return this.claim(name, claim, 'next_run_at = :due', { nextRunAt: following }, { due: due.getTime() });
  }

  claimNow(name: string, claim: JobClaim): Promise<boolean> {
    return this.claim(name, claim, '1 = 1', {}, {});
  }

  async renew(name: string, owner: string, leaseUntil: Date): Promise<boolean> {
    const result = await this.manager
      .createQueryBuilder()
      .update(ScheduledJobEntity)
      .set({ leaseUntil })
      .where('name = :name AND lease_owner = :owner', { name, owner })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async release(name: string, owner: string): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .update(ScheduledJobEntity)
      .set({ leaseOwner: null, leaseUntil: null })
      .where('name = :name AND lease_owner = :owner', { name, owner })
      .execute();
  }

  private async claim(
    name: string,
    claim: JobClaim,
    condition: string,
    moves: Partial<ScheduledJobEntity>,
    parameters: Record<string, unknown>,
  ): Promise<boolean> {
    const result = await this.manager
      .createQueryBuilder()
      .update(ScheduledJobEntity)
      .set({ ...moves, leaseOwner: claim.owner, leaseUntil: claim.leaseUntil, lastRunAt: claim.now, runCount: () => 'run_count + 1' })
      .where(`name = :name AND ${condition} AND ${LEASE_FREE}`, { ...parameters, name, now: claim.now.getTime() })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
