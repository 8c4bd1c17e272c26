import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { testEngineFromEnv } from '@bellows/persistence-typeorm';
import { BellowsProcess, startBellowsProcess } from '../support/bellows-process';
import { bellows } from '../support/cli';
import { iniText } from '../support/ini-text';
import { freePort } from '../support/test-server';

// Three starts of a server process from the sources, on a machine that may be busy.
jest.setTimeout(240_000);

/**
 * Issue 15: SQLite takes one `bellows web` per database file. A second one is
 * refused at start with a message naming the first (never two writers
 * migrating or serving one file), `bellows admin` commands still run beside
 * the server, and a server killed with -9 leaves no lock behind. On
 * PostgreSQL several instances are the point (several-instances.e2e.test.ts).
 */
const sqliteOnly = testEngineFromEnv() === 'sqlite3' ? describe : describe.skip;

sqliteOnly('SQLite: one bellows web per database file', () => {
  let dir: string;
  const running: BellowsProcess[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-one-server-'));
  });
  afterAll(async () => {
    for (const server of running) await server.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const database = () => join(dir, 'bellows.db');
  async function configOnFreePort(name: string): Promise<string> {
    const file = join(dir, `${name}.ini`);
    writeFileSync(
      file,
      iniText({
        server: { APP_DATA_PATH: dir, HTTP_ADDR: '127.0.0.1', HTTP_PORT: await freePort() },
        database: { DB_TYPE: 'sqlite3', PATH: database() },
      }),
    );
    return file;
  }

  it('refuses a second server naming the first, lets admin commands run beside it, and survives kill -9', async () => {
    const first = await startBellowsProcess(await configOnFreePort('first'));
    running.push(first);

    const refused = await startBellowsProcess(await configOnFreePort('second')).then(
      (second) => (running.push(second), 'started'),
      (error: Error) => error.message,
    );
    expect(refused).toContain('ended (code 1');
    expect(refused).toContain(`bellows: another bellows web is serving ${database()} (pid ${first.child.pid} on `);
    expect(refused).toContain('use PostgreSQL to run several instances');

    // An admin command beside the running server is allowed, and the server sees its work.
    const created = await bellows(
      'admin',
      'user',
      'create',
      '--username',
      'ada',
      '--password',
      'a long secret',
      '--email',
      'ada@example.com',
      '--config',
      join(dir, 'first.ini'),
    );
    expect(created.code).toBe(0);
    expect((await fetch(`${first.url}api/v1/users/ada`)).status).toBe(200);

    // A crash releases the lock: the next server starts on the same, intact database.
    await first.stop('SIGKILL');
    const next = await startBellowsProcess(await configOnFreePort('third'));
    running.push(next);
    expect((await fetch(`${next.url}api/v1/users/ada`)).status).toBe(200);
    await next.stop('SIGTERM');
  });
});
