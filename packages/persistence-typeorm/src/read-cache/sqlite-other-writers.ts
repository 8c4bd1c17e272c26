import { closeSync, openSync, readSync } from 'fs';
import { DataSource } from 'typeorm';
import { ChangeVersions } from './change-versions';

/** The WAL index header at the start of the `-shm` file (sqlite.org/walformat.html): every commit rewrites it. */
const WAL_INDEX_HEADER_BYTES = 48;

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
 *
 * Most requests need no query at all: in WAL mode every commit, by any
 * process, rewrites the WAL index header at the start of the `-shm` file. When
 * those 48 bytes are as they were when the last check began, nobody has
 * committed since, and reading them is one small pread.
 */
export class SqliteOtherWriters {
  private lastVersion: number | undefined;
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** The WAL index header as it was when the last completed check began. */
  private headerAtLastCheck: Buffer | undefined;
  private shm: number | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly versions: ChangeVersions,
    private readonly databasePath: string,
  ) {}

  /** Resolves once a check that began after this call has seen every commit other processes made before it. */
  catchUp(): Promise<void> {
    const header = this.walIndexHeader();
    if (header && this.headerAtLastCheck?.equals(header)) return Promise.resolve();
    if (!this.inFlight) return this.start();
    // The check under way began before this call: it may have missed a commit made since, so wait for the next.
    this.queued ??= this.inFlight.then(() => {
      this.queued = undefined;
      return this.start();
    });
    return this.queued;
  }

  close(): void {
    if (this.shm !== undefined) closeSync(this.shm);
    this.shm = undefined;
  }

  private start(): Promise<void> {
    // Read before the query: the query then sees at least every commit this header reflects.
    const header = this.walIndexHeader();
    const run: Promise<void> = this.compare()
      .then(() => {
        this.headerAtLastCheck = header;
      })
      .finally(() => {
        if (this.inFlight === run) this.inFlight = undefined;
      });
    this.inFlight = run;
    return run;
  }

  /** The first bytes of the `-shm` file, or undefined when there is none (yet): then every check queries. */
  private walIndexHeader(): Buffer | undefined {
    try {
      this.shm ??= openSync(`${this.databasePath}-shm`, 'r');
      const header = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
      return readSync(this.shm, header, 0, WAL_INDEX_HEADER_BYTES, 0) === WAL_INDEX_HEADER_BYTES ? header : undefined;
    } catch {
      return undefined;
    }
  }

  private async compare(): Promise<void> {
    try {
      const [row] = await this.dataSource.query('PRAGMA data_version');
      const version = Number(row?.data_version);
      // The first check has nothing to compare with, yet work in the background (the quota worker) may have
      // cached reads since the database opened, before a commit of another process: forget them once.
      if (version !== this.lastVersion) this.versions.raiseEverything();
      this.lastVersion = version;
    } catch {
      // Not knowing is treated as a change: the next reads go to the database.
      this.versions.raiseEverything();
    }
  }
}
