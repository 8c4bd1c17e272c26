import { createHash, randomBytes } from 'crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client } from 'pg';
import { openDataSource } from '../data-source';
import { DatabaseOptions } from '../database-options';

/**
 * Throw-away databases for tests, on both engines we support: a SQLite file in a
 * temporary folder, or a freshly created PostgreSQL database (dropped again by
 * `drop()`). PostgreSQL is reached on BELLOWS_TEST_PG_HOST (default
 * 127.0.0.1:5432) as BELLOWS_TEST_PG_USER (default postgres), trust auth.
 *
 * A new database is a copy of one the migrations built once (see
 * `migratedTemplate`): it holds the full schema, and opening it runs no
 * migration. `{ empty: true }` gives a database with nothing in it, for the
 * tests of the migrations themselves.
 */
export type TestEngine = 'sqlite3' | 'postgres';

export interface TestDatabase {
  options: DatabaseOptions;
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** No tables at all: the first open runs every migration (default false). */
  empty?: boolean;
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

function postgresOptions(name: string): DatabaseOptions {
  return {
    type: 'postgres',
    path: '',
    host: process.env.BELLOWS_TEST_PG_HOST ?? '127.0.0.1:5432',
    name,
    user: process.env.BELLOWS_TEST_PG_USER ?? 'postgres',
    password: '',
    sslMode: 'disable',
  };
}

function sqliteOptions(path: string): DatabaseOptions {
  return { type: 'sqlite3', path, host: '', name: '', user: '', password: '', sslMode: 'disable' };
}

export async function createTestDatabase(engine: TestEngine, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = options.empty || process.env.BELLOWS_TEST_DB_TEMPLATE === '0' ? undefined : await migratedTemplate(engine);
  if (engine === 'sqlite3') {
    const dir = mkdtempSync(join(tmpdir(), 'bellows-db-'));
    const path = join(dir, 'bellows.db');
    if (template) copyFileSync(template, path);
    return { options: sqliteOptions(path), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `bellows_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
  return {
    options: postgresOptions(name),
    drop: async () => {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = postgresAdminClient();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Running the migrations on an empty database takes seconds on PostgreSQL
 * (3 to 4 s for 48 of them, measured), and nearly every test file makes one
 * database or more: so they run once, into a template named after a hash of
 * the migration files, and each new database is a copy of it (PostgreSQL's
 * `CREATE DATABASE … TEMPLATE`, a copied file for SQLite). Another set of
 * migrations (an edit, a new one) gets another template; templates of other
 * sets older than a day are removed. Processes that build the same template at
 * once each build their own under a temporary name and rename it into place.
 */
const built = new Map<TestEngine, Promise<string>>();

function migratedTemplate(engine: TestEngine): Promise<string> {
  let template = built.get(engine);
  if (!template) {
    template = engine === 'sqlite3' ? sqliteTemplate(migrationsKey()) : postgresTemplate(migrationsKey());
    built.set(engine, template);
    template.catch(() => built.delete(engine));
  }
  return template;
}

/** A hash of every file of the migrations folder (sources under ts-jest, compiled files in dist). */
function migrationsKey(): string {
  const folder = join(__dirname, '..', 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(folder).sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(folder, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

const STALE_TEMPLATE_MS = 24 * 3600 * 1000;

async function sqliteTemplate(key: string): Promise<string> {
  const folder = join(tmpdir(), 'bellows-test-templates');
  const template = join(folder, `${key}.sqlite`);
  if (existsSync(template)) return template;
  mkdirSync(folder, { recursive: true });
  const building = join(folder, `${key}.${randomBytes(4).toString('hex')}.building`);
  const dataSource = await openDataSource(sqliteOptions(building));
  try {
    // Everything into the main file, so that copying that one file copies all.
    await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await dataSource.destroy();
  }
  renameSync(building, template);
  // Day-old files of other sets of migrations, and of builds that died half-way.
  for (const file of readdirSync(folder)) {
    const path = join(folder, file);
    if (file !== `${key}.sqlite` && Date.now() - statSync(path).mtimeMs > STALE_TEMPLATE_MS) rmSync(path, { force: true });
  }
  return template;
}

async function postgresTemplate(key: string): Promise<string> {
  const template = `bellows_template_${key}`;
  const exists = await withAdmin((admin) => admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]));
  if (exists.rowCount) return template;
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${building}"`));
  try {
    const dataSource = await openDataSource(postgresOptions(building));
    await dataSource.destroy();
    await withAdmin(async (admin) => {
      try {
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
        await admin.query(`COMMENT ON DATABASE "${template}" IS '${new Date().toISOString()}'`);
      } catch (error) {
        // 42P04: another process renamed its copy first; that one serves.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
      await dropStalePostgresTemplates(admin, template);
    });
  } finally {
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`));
  }
  return template;
}

async function dropStalePostgresTemplates(admin: Client, current: string): Promise<void> {
  const others = await admin.query(
    `SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE datname LIKE 'bellows\\_template\\_%' AND datname <> $1`,
    [current],
  );
  for (const { datname, made } of others.rows as { datname: string; made: string | null }[]) {
    const age = Date.now() - Date.parse(made ?? '');
    // Unfinished builds have no date: only a day-old template of other migrations goes.
    if (age > STALE_TEMPLATE_MS) await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
  }
}
