import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/**
 * What a write may have changed, as the read caches see it:
 * - `auth`: owners and access tokens (who may sign in, as whom, with what);
 * - `repositories`: repository rows (every repository route reads one);
 * - `limits`: quota rules, groups and their assignments;
 * - `usage:<ownerId>`: one owner's figures in the usage ledger.
 */
export type ChangedArea = 'auth' | 'repositories' | 'limits' | `usage:${number}`;

export function usageOf(ownerId: number): ChangedArea {
  return `usage:${ownerId}`;
}

/**
 * A counter per area, raised after every committed write to the area, so a
 * cached read is current exactly when the counter it was read under has not
 * moved. Writes inside a transaction are noted against their transaction and
 * raised when it commits: raising earlier would let a concurrent reader cache
 * the old rows under the new counter.
 *
 * One per DataSource (every Database over it shares it), in this process. With
 * several processes on one database, each has its own (see docs/performance.md).
 */
export class ChangeVersions {
  private static readonly byDataSource = new WeakMap<DataSource, ChangeVersions>();
  private readonly counters = new Map<ChangedArea, number>();
  private readonly pending = new WeakMap<QueryRunner, Set<ChangedArea>>();

  static of(dataSource: DataSource): ChangeVersions {
    let versions = this.byDataSource.get(dataSource);
    if (!versions) {
      versions = new ChangeVersions();
      this.byDataSource.set(dataSource, versions);
      dataSource.subscribers.push(versions.transactionListener());
    }
    return versions;
  }

  /** The area's counter now: read it before reading the rows a cache entry holds. */
  current(area: ChangedArea): number {
    return this.counters.get(area) ?? 0;
  }

  /**
   * Notes a write the manager has just made: raised now when it committed on
   * its own, or when the manager's transaction commits.
   */
  noteWrite(manager: EntityManager, ...areas: ChangedArea[]): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      for (const area of areas) this.raise(area);
      return;
    }
    let noted = this.pending.get(runner);
    if (!noted) this.pending.set(runner, (noted = new Set()));
    for (const area of areas) noted.add(area);
  }

  private raise(area: ChangedArea): void {
    this.counters.set(area, this.current(area) + 1);
  }

  /**
   * The transaction ended: its notes are raised. A savepoint's end leaves the
   * transaction open, so they wait for the outer end. A rolled-back
   * transaction changed nothing, but raising costs only a cache miss.
   */
  private settle(runner: QueryRunner): void {
    const noted = this.pending.get(runner);
    if (!noted || runner.isTransactionActive) return;
    this.pending.delete(runner);
    for (const area of noted) this.raise(area);
  }

  private transactionListener(): EntitySubscriberInterface {
    return {
      afterTransactionCommit: (event: TransactionCommitEvent) => this.settle(event.queryRunner),
      afterTransactionRollback: (event: TransactionRollbackEvent) => this.settle(event.queryRunner),
    };
  }
}

/** Notes a write on the manager's data source (see ChangeVersions.noteWrite). */
export function noteWrite(manager: EntityManager, ...areas: ChangedArea[]): void {
  ChangeVersions.of(manager.connection).noteWrite(manager, ...areas);
}
