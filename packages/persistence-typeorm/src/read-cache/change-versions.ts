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
 * - `issues`: issues and what issue lists show of them (their labels and the
 *   labels' rows, assignees, user comments, pull requests, milestone links);
 * - `usage:<ownerId>`: one owner's figures in the usage ledger;
 * - `quota-outbox`: owners queued for the quota worker (no cache reads it: the
 *   worker listens for it, see onRaised).
 */
export type ChangedArea = 'auth' | 'repositories' | 'issues' | 'limits' | 'quota-outbox' | `usage:${number}`;

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
 * One per DataSource (every Database over it shares it), in this process.
 * Processes sharing a PostgreSQL database pass their raised areas to each
 * other through a PostgresChangeFeed.
 */
export class ChangeVersions {
  private static readonly byDataSource = new WeakMap<DataSource, ChangeVersions>();
  private readonly counters = new Map<ChangedArea, number>();
  private readonly pending = new WeakMap<QueryRunner, Set<ChangedArea>>();
  private readonly listeners = new Map<ChangedArea, (() => void)[]>();
  /** Sends raised areas to the other processes on the database (none for SQLite, which has one process). */
  private publish: ((areas: readonly ChangedArea[]) => Promise<void>) | undefined;
  /** Set when changes made elsewhere can no longer be heard of: nothing may be served from memory then. */
  private blindSince: string | undefined;
  /**
   * Raised when another process may have changed anything at all (SQLite says
   * so, not what): every entry read under an older epoch is stale.
   */
  private currentEpoch = 0;

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

  /** Read with `current`: an entry is fresh only while both are where they were. */
  get epoch(): number {
    return this.currentEpoch;
  }

  /** Another process committed something, nobody says what: every cached entry is stale. */
  raiseEverything(): void {
    this.currentEpoch++;
  }

  /** Whether cached rows may be served at all (false once changes made elsewhere can no longer be heard of). */
  get trustworthy(): boolean {
    return this.blindSince === undefined;
  }

  publishTo(publish: (areas: readonly ChangedArea[]) => Promise<void>): void {
    this.publish = publish;
  }

  /** Areas another process raised: raised here too, not sent on. */
  raiseFromElsewhere(areas: readonly ChangedArea[]): void {
    for (const area of areas) this.raise(area);
  }

  /** The link to the other processes is lost: from now on every read goes to the database. */
  forgetEverything(reason: string): void {
    if (this.blindSince === undefined) console.error(`bellows: read caches switched off: ${reason}`);
    this.blindSince = reason;
  }

  /**
   * Notes a write the manager has just made: raised now when it committed on
   * its own, or when the manager's transaction commits.
   */
  noteWrite(manager: EntityManager, ...areas: ChangedArea[]): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      // A write on its own has committed already; the caller does not wait for the other processes to hear of it.
      void this.raiseAndPublish(areas);
      return;
    }
    let noted = this.pending.get(runner);
    if (!noted) this.pending.set(runner, (noted = new Set()));
    for (const area of areas) noted.add(area);
  }

  /**
   * Calls `listener` soon after each raise of the area: a committed write of
   * this process, or of another one on PostgreSQL (its change feed). A nudge
   * for work that follows writes (the quota worker), never a cache's concern.
   */
  onRaised(area: ChangedArea, listener: () => void): void {
    this.listeners.set(area, [...(this.listeners.get(area) ?? []), listener]);
  }

  private raise(area: ChangedArea): void {
    this.counters.set(area, this.current(area) + 1);
    for (const listener of this.listeners.get(area) ?? []) setImmediate(listener);
  }

  /**
   * The transaction ended: its notes are raised when it committed, dropped
   * when it rolled back (it changed nothing, and a raise would also wake what
   * listens for the area, see onRaised). A savepoint's end leaves the
   * transaction open, so they wait for the outer end.
   */
  private async settle(runner: QueryRunner, committed: boolean): Promise<void> {
    const noted = this.pending.get(runner);
    if (!noted || runner.isTransactionActive) return;
    this.pending.delete(runner);
    if (committed) await this.raiseAndPublish([...noted]);
  }

  /**
   * Raised here first, then sent to the other processes. A transaction's commit
   * waits for the sending, so its request is answered only once it has gone
   * out. Failing to send does not fail the write, which has committed: it is
   * reported, and this process stops serving from memory only if it can no
   * longer hear the others (see PostgresChangeFeed).
   */
  private async raiseAndPublish(areas: readonly ChangedArea[]): Promise<void> {
    for (const area of areas) this.raise(area);
    if (!this.publish) return;
    try {
      await this.publish(areas);
    } catch (error) {
      console.error(`bellows: could not tell other processes of a change (${areas.join(', ')}): ${(error as Error).message}`);
    }
  }

  private transactionListener(): EntitySubscriberInterface {
    return {
      afterTransactionCommit: (event: TransactionCommitEvent) => this.settle(event.queryRunner, true),
      afterTransactionRollback: (event: TransactionRollbackEvent) => this.settle(event.queryRunner, false),
    };
  }
}

/** Notes a write on the manager's data source (see ChangeVersions.noteWrite). */
export function noteWrite(manager: EntityManager, ...areas: ChangedArea[]): void {
  ChangeVersions.of(manager.connection).noteWrite(manager, ...areas);
}
