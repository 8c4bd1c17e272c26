import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestDatabase, testEngineFromEnv, TestDatabase } from '@bellows/persistence-typeorm';
import { BellowsProcess, startBellowsProcess } from '../support/bellows-process';
import { bellows } from '../support/cli';
import { freePort } from '../support/test-server';

// One start of a server process from the sources, on a machine that may be busy.
jest.setTimeout(180_000);

/**
 * The `[database]` section Forgejo's installer writes, for the engine under
 * test: it writes every key whatever the engine, and a password holding `;`
 * or `#` in backquotes (PostgreSQL here trusts local connections, so the
 * password is read but not checked).
 */
function databaseSection(options: TestDatabase['options'], dir: string): string {
  const sqlite = options.type === 'sqlite3';
  return `[database]
DB_TYPE = ${options.type}
HOST = ${sqlite ? '127.0.0.1:3306' : options.host}
NAME = ${sqlite ? 'forgejo' : options.name}
USER = ${sqlite ? 'root' : options.user}
PASSWD = \`se;cr#et\`
SCHEMA =
SSL_MODE = disable
PATH = ${sqlite ? options.path : join(dir, 'forgejo.db')}
LOG_SQL = false
`;
}

/**
 * An app.ini as a Forgejo operator has it: the sections Forgejo's installer
 * writes, laid out as it writes them, with `[quota]` and `[quota.default]`
 * from Forgejo's documentation, and paths moved to a temporary folder.
 */
function forgejoAppIni(dir: string, port: number, database: TestDatabase['options']): string {
  return `APP_NAME = Forgejo: Beyond coding. We Forge.
RUN_USER = git
RUN_MODE = prod
WORK_PATH = ${dir}

[repository]
ROOT = ${join(dir, 'data/forgejo-repositories')}

[server]
; Forgejo's example builds ROOT_URL from the other keys
SSH_DOMAIN = %(DOMAIN)s
DOMAIN = 127.0.0.1
HTTP_ADDR = 127.0.0.1
HTTP_PORT = ${port}
ROOT_URL = %(PROTOCOL)s://%(DOMAIN)s:%(HTTP_PORT)s/
PROTOCOL = http
APP_DATA_PATH = ${join(dir, 'data')}
DISABLE_SSH = false
SSH_PORT = 22
LFS_START_SERVER = true
LFS_JWT_SECRET = Yc8ZxMd4E3rW1uQ0pV5t7b9n2k6h8j4g3f1d5s7a9Q0
OFFLINE_MODE = true

${databaseSection(database, dir)}
[lfs]
PATH = ${join(dir, 'data/lfs')}

[mailer]
ENABLED = false

[service]
REGISTER_EMAIL_CONFIRM = false
DISABLE_REGISTRATION = false
REQUIRE_SIGNIN_VIEW = false

[session]
PROVIDER = file

[log]
MODE = console
LEVEL = info
ROOT_PATH = ${join(dir, 'log')}

[security]
INSTALL_LOCK = true
SECRET_KEY =
INTERNAL_TOKEN = eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYmYiOjE3MDAwMDAwMDB9.c2lnbmF0dXJl
PASSWORD_HASH_ALGO = pbkdf2_hi

[oauth2]
JWT_SECRET = kT3nQ8vR1xW6yZ0aB4cD7eF9gH2iJ5kL8mN1oP4qR7s

[quota]
ENABLED = true
DEFAULT_GROUPS =

[quota.default]
TOTAL = 1GiB
`;
}

describe("a Forgejo operator's app.ini", () => {
  let dir: string;
  let database: TestDatabase;
  let server: BellowsProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-forgejo-ini-'));
    database = await createTestDatabase(testEngineFromEnv());
  });

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts bellows web, whose API, admin commands and quota work from it unchanged', async () => {
    const port = await freePort();
    const configFile = join(dir, 'app.ini');
    writeFileSync(configFile, forgejoAppIni(dir, port, database.options));

    server = await startBellowsProcess(configFile);
    expect(server.url).toBe(`http://127.0.0.1:${port}/`);
    expect(server.output()).not.toMatch(/warning/i);
    expect((await fetch(`${server.url}api/healthz`)).status).toBe(200);

    // The admin commands read the same file, and write nothing but their answer.
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
      configFile,
    );
    expect([created.code, created.stderr]).toEqual([0, '']);
    const issued = await bellows('admin', 'user', 'generate-access-token', '--username', 'ada', '--raw', '--config', configFile);
    expect(issued.code).toBe(0);
    const auth = { authorization: `token ${issued.stdout.trim()}` };

    const me = await fetch(`${server.url}api/v1/user`, { headers: auth });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { login: string }).login).toBe('ada');
    // Links are built from ROOT_URL, itself built from %(PROTOCOL)s, %(DOMAIN)s and %(HTTP_PORT)s.
    const created201 = await fetch(`${server.url}api/v1/user/repos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'notes' }),
    });
    expect(created201.status).toBe(201);
    expect(((await created201.json()) as { html_url: string }).html_url).toBe(`http://127.0.0.1:${port}/ada/notes`);

    // [quota] ENABLED with no group: the 1GiB of [quota.default] TOTAL applies, and an empty repository is far within it.
    const quota = await fetch(`${server.url}api/v1/user/quota`, { headers: auth });
    expect(quota.status).toBe(200);
    expect(((await quota.json()) as { groups: unknown[] }).groups).toEqual([]);
    const over = await fetch(`${server.url}api/v1/user/quota/check?subject=size:all`, { headers: auth });
    expect(await over.text()).toBe('false');
  });
});
