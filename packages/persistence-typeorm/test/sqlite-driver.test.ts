import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { DataSource, QueryFailedError } from 'typeorm';
import { bindNumberParameters, sqlite3ForTypeOrm } from '../src/sqlite-driver';

/** The SQLite connection that reuses its prepared statements, through TypeORM as Bellows uses it. */
describe('SQLite with reused prepared statements', () => {
  let dir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-sqlite-driver-'));
    dataSource = new DataSource({ type: 'sqlite', driver: sqlite3ForTypeOrm, database: join(dir, 'test.db'), enableWAL: true });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE thing (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE)');
  });
  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the same statement again with other parameters, also many at once', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `thing-${i}`);
    await Promise.all(names.map((name) => dataSource.query('INSERT INTO thing (name) VALUES (?)', [name])));
    const found = await Promise.all(names.map((name) => dataSource.query('SELECT name FROM thing WHERE name = ?', [name])));
    expect(found.map((rows) => rows[0].name)).toEqual(names);
  });

  it('reports what an insert, update and delete did, as TypeORM reads it from the statement', async () => {
    const inserted = await dataSource.createQueryRunner().query('INSERT INTO thing (name) VALUES (?)', ['counted'], true);
    expect(inserted.raw).toBeGreaterThan(0);
    const updated = await dataSource.createQueryRunner().query('UPDATE thing SET name = ? WHERE name LIKE ?', ['x', 'nothing%'], true);
    expect(updated.affected).toBe(0);
    const deleted = await dataSource.createQueryRunner().query('DELETE FROM thing WHERE name = ?', ['counted'], true);
    expect(deleted.affected).toBe(1);
  });

  it('answers a statement that cannot be prepared with an error, twice, instead of leaving the caller waiting', async () => {
    await expect(dataSource.query('SELEC nonsense')).rejects.toBeInstanceOf(QueryFailedError);
    await expect(dataSource.query('SELEC nonsense')).rejects.toBeInstanceOf(QueryFailedError);
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM thing')).toEqual([{ n: 50 }]);
  });

  it('answers a constraint violation with an error and keeps the statement usable', async () => {
    await expect(dataSource.query('INSERT INTO thing (name) VALUES (?)', ['thing-1'])).rejects.toBeInstanceOf(QueryFailedError);
    await dataSource.query('INSERT INTO thing (name) VALUES (?)', ['after-the-error']);
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM thing WHERE name = ?', ['after-the-error'])).toEqual([{ n: 1 }]);
  });

  it('rolls back a transaction that failed, with its statements reused', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.query('INSERT INTO thing (name) VALUES (?)', ['in-a-transaction']);
        await manager.query('INSERT INTO thing (name) VALUES (?)', ['thing-2']);
      }),
    ).rejects.toBeInstanceOf(QueryFailedError);
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM thing WHERE name = ?', ['in-a-transaction'])).toEqual([{ n: 0 }]);
  });

  it('closes while requests still send queries (shutdown under load: SQLITE_BUSY, unfinalized statements)', async () => {
    const closing = new DataSource({ type: 'sqlite', driver: sqlite3ForTypeOrm, database: join(dir, 'closing.db') });
    await closing.initialize();
    await closing.query('CREATE TABLE t (n INTEGER)');
    const before = Array.from({ length: 20 }, (_, i) => closing.query('SELECT ? AS n', [i]));
    type Connection = {
      close(callback: (error: Error | null) => void): void;
      all(sql: string, params: unknown[], callback: (error: Error | null) => void): void;
    };
    const connection = (closing.driver as unknown as { databaseConnection: Connection }).databaseConnection;
    const closed = new Promise<Error | null>((resolve) => connection.close(resolve));
    // Queries that reach the connection once closing has begun, as those of requests finishing during a shutdown do.
    const late = Array.from(
      { length: 20 },
      (_, i) => new Promise((settled) => connection.all('SELECT n FROM t WHERE n = ?', [i], settled)),
    );
    await Promise.allSettled([...before, ...late]);
    expect(await closed).toBeNull();
  });
});

/** TypeORM writes number parameters into the SQL on SQLite (`WHERE id = 5`); Bellows has them bound. */
describe('SQLite with number parameters bound', () => {
  let dir: string;
  let dataSource: DataSource;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-sqlite-numbers-'));
    dataSource = new DataSource({ type: 'sqlite', driver: sqlite3ForTypeOrm, database: join(dir, 'test.db'), enableWAL: true });
    bindNumberParameters(dataSource.driver as unknown as Parameters<typeof bindNumberParameters>[0]);
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE thing (id INTEGER PRIMARY KEY, at BIGINT NOT NULL, label TEXT NOT NULL)');
  });
  afterAll(async () => {
    await dataSource?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const preparedStatements = () =>
    (dataSource.driver as unknown as { databaseConnection: { statements: Map<string, unknown> } }).databaseConnection.statements;

  it('finds each row by its id, a millisecond date and a number written as text, with one prepared statement for every id', async () => {
    const at = 1_795_557_762_494;
    for (let id = 1; id <= 30; id++)
      await dataSource.query('INSERT INTO thing (id, at, label) VALUES (?, ?, ?)', [id, at + id, String(id)]);
    const before = preparedStatements().size;
    const find = (id: number) =>
      dataSource
        .createQueryBuilder()
        .select('t.id', 'id')
        .from('thing', 't')
        .where('t.id = :id AND t.at >= :since AND t.label = :label', { id, since: at + id, label: id })
        .getRawMany<{ id: number }>();
    const found = await Promise.all(Array.from({ length: 30 }, (_, i) => find(i + 1)));
    expect(found.map((rows) => rows.map((row) => row.id))).toEqual(Array.from({ length: 30 }, (_, i) => [i + 1]));
    expect(preparedStatements().size).toBe(before + 1);
  });

  it('binds booleans and lists as before', async () => {
    const rows = await dataSource
      .createQueryBuilder()
      .select('COUNT(*)', 'n')
      .from('thing', 't')
      .where('t.id IN (:...ids) AND :yes = 1', { ids: [1, 2, 3], yes: true })
      .getRawOne<{ n: number }>();
    expect(rows).toEqual({ n: 3 });
  });
});
