import { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import { QuotaOutbox } from '@bellows/domain';
import { parameterMarkers } from './in-transaction';

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
  OutboxSignal.of(manager.connection).noteAdded(manager);
}

/**
 * Tells this process's worker that outbox rows were committed: when the
 * adding transaction commits (TypeORM's afterTransactionCommit), or at once
 * for a write outside a transaction. A nudge only; the worker polls too.
 */
export class OutboxSignal {
  private static readonly byDataSource = new WeakMap<DataSource, OutboxSignal>();
  private readonly pending = new WeakSet<QueryRunner>();
  private readonly listeners: (() => void)[] = [];

  static of(dataSource: DataSource): OutboxSignal {
    let signal = this.byDataSource.get(dataSource);
    if (!signal) {
      signal = new OutboxSignal();
      this.byDataSource.set(dataSource, signal);
      dataSource.subscribers.push(signal.transactionListener());
    }
    return signal;
  }

  onCommitted(listener: () => void): void {
    this.listeners.push(listener);
  }

  noteAdded(manager: EntityManager): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.pending.add(runner);
    else this.fire();
  }

  private fire(): void {
    for (const listener of this.listeners) setImmediate(listener);
  }

  private transactionListener(): EntitySubscriberInterface {
    return {
      afterTransactionCommit: ({ queryRunner }) => {
        if (!this.pending.has(queryRunner) || queryRunner.isTransactionActive) return;
        this.pending.delete(queryRunner);
        this.fire();
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
      },
    };
  }
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
    OutboxSignal.of(this.manager.connection).onCommitted(listener);
  }

  private async enqueueSelected(owners: string): Promise<void> {
    const p = parameterMarkers(this.manager);
    await this.manager.query(`INSERT INTO quota_owner_outbox (owner_id, created_at) SELECT owner_id, ${p(1)} FROM (${owners}) o`, [
      Date.now(),
    ]);
    OutboxSignal.of(this.manager.connection).noteAdded(this.manager);
  }
}
