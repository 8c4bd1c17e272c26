import 'reflect-metadata';
import { mkdirSync } from 'fs';
import { dirname } from 'path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { DatabaseOptions } from './database-options';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { bindNumberParameters, recoverFailedBegins, sqlite3ForTypeOrm } from './sqlite-driver';

function splitHostPort(hostPort: string): { host: string; port: number } {
  const match = /^(.*?)(?::(\d+))?$/.exec(hostPort.trim());
  const host = match?.[1] || '127.0.0.1';
  return { host: host.replace(/^\[(.*)\]$/, '$1'), port: match?.[2] ? Number(match[2]) : 5432 };
}

function postgresSsl(mode: DatabaseOptions['sslMode']): boolean | { rejectUnauthorized: boolean } {
  if (mode === 'disable') return false;
  return { rejectUnauthorized: mode === 'verify-full' };
}

/**
 * PostgreSQL connections per process. TypeORM's default is 10; with 16 or more
 * requests writing at once, twice that keeps a connection free for the reads
 * made beside the open transactions (see TransactionSlots).
 */
export const POSTGRES_POOL_SIZE = 20;

export function dataSourceOptions(options: DatabaseOptions): DataSourceOptions {
  const common = { entities: ENTITIES, migrations: MIGRATIONS, synchronize: false, migrationsRun: false, logging: false } as const;
  if (options.type === 'sqlite3') {
    return { ...common, type: 'sqlite', driver: sqlite3ForTypeOrm, database: options.path, enableWAL: true, busyTimeout: 10_000 };
  }
  const { host, port } = splitHostPort(options.host);
  return {
    ...common,
    type: 'postgres',
    poolSize: POSTGRES_POOL_SIZE,
    host,
    port,
    database: options.name,
    username: options.user,
    password: options.password,
    ssl: postgresSsl(options.sslMode),
  };
}

/** Opens the connection and brings the schema up to date with the migrations. */
export async function openDataSource(options: DatabaseOptions): Promise<DataSource> {
  if (options.type === 'sqlite3' && options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const dataSource = new DataSource(dataSourceOptions(options));
  if (options.type === 'sqlite3') bindNumberParameters(dataSource.driver as unknown as Parameters<typeof bindNumberParameters>[0]);
  await dataSource.initialize();
  if (options.type === 'sqlite3') recoverFailedBegins(dataSource.driver);
  await migrate(dataSource);
  return dataSource;
}

/** Any fixed number, the same in every Bellows process: the advisory lock instances migrate under. */
const MIGRATION_LOCK = 0x62656c6c;

/**
 * Runs the pending migrations. On PostgreSQL, instances that start at once
 * (a fresh install, a rolling upgrade) take turns under a session advisory
 * lock: the first migrates, the others then find nothing left to do, instead
 * of creating the same tables side by side and failing. SQLite has one server
 * per file (SqliteServingLock) and its migrations' writes queue anyway.
 */
async function migrate(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'postgres') {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}
