import { execFileSync, spawn } from 'child_process';
import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { SqliteDatabaseInUse, SqliteServingLock } from '../src/sqlite-serving-lock';

/** A child process that takes the lock, says so, and then waits to be killed. */
const HOLDER = `
const { SqliteServingLock } = require(${JSON.stringify(require.resolve('../dist/sqlite-serving-lock'))});
SqliteServingLock.acquire(process.argv[1]).then(() => { process.stdout.write('held\\n'); setInterval(() => {}, 1000); },
  (error) => { process.stdout.write(error.message + '\\n'); process.exit(3); });
`;

describe('SqliteServingLock', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bellows-serving-lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder naming the first, and lets the next one in once released', async () => {
    const db = join(dir, 'bellows.db');
    const first = await SqliteServingLock.acquire(db);
    const refused = await SqliteServingLock.acquire(db).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SqliteDatabaseInUse);
    expect((refused as Error).message).toMatch(new RegExp(`another bellows web is serving ${db} \\(pid ${process.pid} on `));
    await first.release();
    expect(existsSync(`${db}.serving.pid`)).toBe(false);
    await (await SqliteServingLock.acquire(db)).release();
  });

  it('takes the lock on a first start, when the database folder does not exist yet', async () => {
    const db = join(dir, 'data', 'bellows.db');
    await (await SqliteServingLock.acquire(db)).release();
  });

  it('is released by the kernel when the holding process is killed (-9): no stale lock', async () => {
    if (!existsSync(join(__dirname, '../dist/sqlite-serving-lock.js')))
      execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: join(__dirname, '..') });
    const db = join(dir, 'bellows.db');
    const child = spawn(process.execPath, ['-e', HOLDER, db], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve()));
    const refused = await SqliteServingLock.acquire(db).catch((error: unknown) => error);
    expect((refused as Error).message).toContain(`(pid ${child.pid} on `);
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    // The pid file is left behind by the killed process; the lock is not.
    await (await SqliteServingLock.acquire(db)).release();
  });
});
