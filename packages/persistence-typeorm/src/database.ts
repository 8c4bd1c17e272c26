import { DataSource, EntityManager } from 'typeorm';
import { DatabaseOptions } from './database-options';
import { openDataSource } from './data-source';
import { AccessTokenStore } from './stores/access-token.store';
import { OwnerStore } from './stores/owner.store';
import { TeamMemberStore } from './stores/team-member.store';
import { TeamStore } from './stores/team.store';
import { SerialLock } from './serial-lock';

/**
 * The persistence adapter's entry point: one store per aggregate, all bound to
 * the same EntityManager, so that code inside `transaction()` sees one
 * consistent unit of work.
 *
 * Writes that must be atomic go through `transaction()`. On SQLite there is a
 * single connection, so transactions are queued one at a time (SQLite allows
 * one writer anyway); on PostgreSQL they run side by side.
 */
export class Database {
  readonly owners: OwnerStore;
  readonly accessTokens: AccessTokenStore;
  readonly teams: TeamStore;
  readonly teamMembers: TeamMemberStore;

  private constructor(
    readonly dataSource: DataSource,
    private readonly manager: EntityManager,
    private readonly writeLock: SerialLock | null,
  ) {
    this.owners = new OwnerStore(manager);
    this.accessTokens = new AccessTokenStore(manager);
    this.teams = new TeamStore(manager);
    this.teamMembers = new TeamMemberStore(manager);
  }

  static async open(options: DatabaseOptions): Promise<Database> {
    const dataSource = await openDataSource(options);
    return Database.over(dataSource);
  }

  static over(dataSource: DataSource): Database {
    const lock = dataSource.options.type === 'sqlite' ? new SerialLock() : null;
    return new Database(dataSource, dataSource.manager, lock);
  }

  get engine(): 'sqlite' | 'postgres' {
    return this.dataSource.options.type === 'sqlite' ? 'sqlite' : 'postgres';
  }

  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (this.manager.queryRunner?.isTransactionActive) return work(this);
    const run = () =>
      this.dataSource.transaction((manager) => work(new Database(this.dataSource, manager, this.writeLock)));
    return this.writeLock ? this.writeLock.run(run) : run();
  }

  /** Answers when the database does (for the health check). */
  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
