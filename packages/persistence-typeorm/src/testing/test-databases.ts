import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { DatabaseOptions } from '../database-options';

/**
 * Throw-away databases for tests, on both engines we support: a SQLite file in a
 * temporary folder, or a freshly created PostgreSQL database (dropped again by
 * `drop()`). PostgreSQL is reached on BELLOWS_TEST_PG_HOST (default
 * 127.0.0.1:5432) as BELLOWS_TEST_PG_USER (default postgres), trust auth.
 */
export type TestEngine = 'sqlite3' | 'postgres';

export interface TestDatabase {
  options: DatabaseOptions;
  drop(): Promise<void>;
}

export const TEST_ENGINES: TestEngine[] = ['sqlite3', 'postgres'];

/** The engine chosen by BELLOWS_TEST_DB (sqlite3 when unset). */
export function testEngineFromEnv(): TestEngine {
  const value = process.env.BELLOWS_TEST_DB ?? 'sqlite3';
  if (value === 'sqlite' || value === 'sqlite3') return 'sqlite3';
  if (value === 'postgres' || value === 'pg') return 'postgres';
  throw new Error(`BELLOWS_TEST_DB must be sqlite3 or postgres, not "${value}"`);
}

function postgresAdminClient(): Client {
  const [host, port] = (process.env.BELLOWS_TEST_PG_HOST ?? '127.0.0.1:5432').split(':');
  return new Client({ host, port: Number(port ?? 5432), user: process.env.BELLOWS_TEST_PG_USER ?? 'postgres', database: 'postgres' });
}

export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  if (engine === 'sqlite3') {
    const dir = mkdtempSync(join(tmpdir(), 'bellows-db-'));
    return {
      options: { type: 'sqlite3', path: join(dir, 'bellows.db'), host: '', name: '', user: '', password: '', sslMode: 'disable' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `bellows_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgresAdminClient();
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    options: {
      type: 'postgres',
      path: '',
      host: process.env.BELLOWS_TEST_PG_HOST ?? '127.0.0.1:5432',
      name,
      user: process.env.BELLOWS_TEST_PG_USER ?? 'postgres',
      password: '',
      sslMode: 'disable',
    },
    drop: async () => {
      const client = postgresAdminClient();
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
