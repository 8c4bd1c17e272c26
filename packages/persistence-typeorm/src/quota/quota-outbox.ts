import { EntityManager } from 'typeorm';
import { QuotaOutbox } from '@bellows/domain';
import { parameterMarkers } from './in-transaction';
import { ChangeVersions, noteWrite } from '../read-cache/change-versions';

/**
 * Adds owners to `quota_owner_outbox` in the caller's transaction: one INSERT
 * of one row per owner. The table is append-only (no row per owner to
 * update), so concurrent writers of one owner never queue on it — the point
 * of the striped ledger stays. The warning worker claims and deletes the rows.
 */
export async function addToOutbox(manager: EntityManager, ownerIds: readonly number[]): Promise<void> {
  const owners = [...new Set(ownerIds)];
  if (owners.length === 0) return;
  const p = parameterMarkers(manager);
  const rows = owners.map((_, i) => `(${p(i + 2)}, ${p(1)})`).join(', ');
  await manager.query(`INSERT INTO quota_owner_outbox (owner_id, created_at) VALUES ${rows}`, [Date.now(), ...owners]);
  // Raised when the transaction commits: the worker of this process (and, on PostgreSQL, of the others) drains then.
  noteWrite(manager, 'quota-outbox');
}

/** The outbox port over `quota_owner_outbox`. */
export class TypeOrmQuotaOutbox implements QuotaOutbox {
  constructor(private readonly manager: EntityManager) {}

  enqueue(ownerIds: readonly number[]): Promise<void> {
    return addToOutbox(this.manager, ownerIds);
  }

  async enqueueUnassignedWithUsage(): Promise<void> {
    await this.enqueueSelected(
      'SELECT DISTINCT u.owner_id FROM owner_quota_usage u ' +
        'WHERE NOT EXISTS (SELECT 1 FROM quota_group_owner a WHERE a.owner_id = u.owner_id)',
    );
  }

  async enqueueEveryOwnerWithUsage(): Promise<void> {
    await this.enqueueSelected('SELECT DISTINCT owner_id FROM owner_quota_usage');
  }

  async hasPending(): Promise<boolean> {
    return (await this.manager.query('SELECT 1 AS found FROM quota_owner_outbox LIMIT 1')).length > 0;
  }

  onCommitted(listener: () => void): void {
    ChangeVersions.of(this.manager.connection).onRaised('quota-outbox', listener);
  }

  private async enqueueSelected(owners: string): Promise<void> {
    const p = parameterMarkers(this.manager);
    await this.manager.query(`INSERT INTO quota_owner_outbox (owner_id, created_at) SELECT owner_id, ${p(1)} FROM (${owners}) o`, [
      Date.now(),
    ]);
    noteWrite(this.manager, 'quota-outbox');
  }
}
