import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { hostname } from 'os';
import { dirname } from 'path';
import * as sqlite3 from 'sqlite3';

/** Another process holds the lock: what it said about itself, when it could be read. */
export class SqliteDatabaseInUse extends Error {
  constructor(
    readonly databasePath: string,
    readonly holder: string | undefined,
  ) {
    super(
      `another bellows web is serving ${databasePath}${holder ? ` (${holder})` : ''}: ` +
        'SQLite takes one server per database file; stop that one first, or use PostgreSQL to run several instances ' +
        '(bellows admin commands may still run beside it)',
    );
  }
}

/**
 * Keeps a second `bellows web` off a SQLite database: one SQLite write lock
 * on a small lock database beside it (`<database>.serving`), taken at start
 * (BEGIN IMMEDIATE) and held, never committed, for the life of the process.
 * It is an OS file lock (SQLite's fcntl locks), so the kernel releases it when
 * the process ends in any way, kill -9 included: no stale lock to clean up,
 * unlike a pid file alone. The pid file beside it (`<database>.serving.pid`)
 * only lets the refusal name the holder. The database itself is untouched,
 * so `bellows admin …` commands still run beside the server.
 */
export class SqliteServingLock {
  private constructor(
    private readonly connection: sqlite3.Database,
    private readonly pidFile: string,
  ) {}

  /** Takes the lock, or throws SqliteDatabaseInUse naming the process that holds it. */
  static async acquire(databasePath: string): Promise<SqliteServingLock> {
    const lockPath = `${databasePath}.serving`;
    const pidFile = `${lockPath}.pid`;
    // On a first start the lock comes before the database, whose folder does not exist yet.
    mkdirSync(dirname(databasePath), { recursive: true });
    const connection = await open(lockPath);
    try {
      // No waiting: a held lock means another server, not a moment's contention.
      connection.configure('busyTimeout', 0);
      await run(connection, 'BEGIN IMMEDIATE');
    } catch (error) {
      await close(connection);
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      throw new SqliteDatabaseInUse(databasePath, readHolder(pidFile));
    }
    writeFileSync(pidFile, `pid ${process.pid} on ${hostname()}, since ${new Date().toISOString()}\n`);
    return new SqliteServingLock(connection, pidFile);
  }

  /** Lets another server start (the process ending does the same). */
  async release(): Promise<void> {
    rmSync(this.pidFile, { force: true });
    await run(this.connection, 'ROLLBACK').catch(() => undefined);
    await close(this.connection);
  }
}

function readHolder(pidFile: string): string | undefined {
  try {
    return readFileSync(pidFile, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function open(path: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const connection: sqlite3.Database = new sqlite3.Database(path, (error) => (error ? reject(error) : resolve(connection)));
  });
}

function run(connection: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => connection.run(sql, (error: Error | null) => (error ? reject(error) : resolve())));
}

function close(connection: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => connection.close(() => resolve()));
}
