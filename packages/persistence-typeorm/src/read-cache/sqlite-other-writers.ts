import { DataSource } from 'typeorm';
import { ChangeVersions } from './change-versions';

/**
 * Hears of commits other processes made to the same SQLite file: `bellows
 * admin …` commands run beside `bellows web` (a recount, a new user, a quota
 * group). SQLite says only that something changed: `PRAGMA data_version`
 * moves when another connection has committed since this connection last
 * asked. Then every cached entry is stale (ChangeVersions.raiseEverything).
 *
 * The server asks once per request, before the request reads anything, with a
 * check that began after the request arrived: requests that arrive while a
 * check runs share the next one, so under load one small query serves many
 * requests, and no request is served from memory what another process had
 * committed before it arrived.
 */
export class SqliteOtherWriters {
  private lastVersion: number | undefined;
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly versions: ChangeVersions,
  ) {}

  /** Resolves once a check that began after this call has seen every commit other processes made before it. */
  catchUp(): Promise<void> {
    if (!this.inFlight) return this.start();
    // The check under way began before this call: it may have missed a commit made since, so wait for the next.
    this.queued ??= this.inFlight.then(() => {
      this.queued = undefined;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<void> {
    const run: Promise<void> = this.compare().finally(() => {
      if (this.inFlight === run) this.inFlight = undefined;
    });
    this.inFlight = run;
    return run;
  }

  private async compare(): Promise<void> {
    try {
      const [row] = await this.dataSource.query('PRAGMA data_version');
      const version = Number(row?.data_version);
      if (this.lastVersion !== undefined && version !== this.lastVersion) this.versions.raiseEverything();
      this.lastVersion = version;
    } catch {
      // Not knowing is treated as a change: the next reads go to the database.
      this.versions.raiseEverything();
    }
  }
}
