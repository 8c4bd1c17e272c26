import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestDatabase, testEngineFromEnv, TestDatabase } from '@bellows/persistence-typeorm';
import { BellowsProcess, startBellowsProcess } from '../support/bellows-process';
import { bellows } from '../support/cli';
import { iniText } from '../support/ini-text';
import { ApiClient, attachToIssue, call, createIssue } from '../support/sized-uploads';
import { freePort } from '../support/test-server';

// Three starts of a server process from the sources, on a machine that may be busy.
jest.setTimeout(240_000);

const MiB = 1024 * 1024;

/**
 * Sizes written as Forgejo takes them, which Bellows refused to start on
 * before: the real server starts with each, prints a warning for a value
 * Forgejo replaces, and uses the value Forgejo would use. One owner, one data
 * folder and one database across the starts; each start changes the sizes.
 * (Every other spelling is in the unit tests of byte-size and config.)
 */
describe('[quota.default] TOTAL and [attachment] MAX_SIZE as Forgejo reads them, in a running server', () => {
  let dir: string;
  let database: TestDatabase;
  let configFile: string;
  let server: BellowsProcess | undefined;
  let client: ApiClient;
  let issue: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-sizes-'));
    database = await createTestDatabase(testEngineFromEnv());
    configFile = join(dir, 'app.ini');
  });

  afterAll(async () => {
    await server?.stop('SIGTERM');
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** (Re)starts `bellows web` with these sizes in its app.ini. */
  async function startWith(sizes: { TOTAL: string; MAX_SIZE?: string }): Promise<BellowsProcess> {
    await server?.stop('SIGTERM');
    const { type, path, host, name, user } = database.options;
    writeFileSync(
      configFile,
      iniText({
        server: { HTTP_ADDR: '127.0.0.1', HTTP_PORT: await freePort(), APP_DATA_PATH: join(dir, 'data') },
        database: { DB_TYPE: type, PATH: path || join(dir, 'bellows.db'), HOST: host, NAME: name, USER: user },
        quota: { ENABLED: true },
        'quota.default': { TOTAL: sizes.TOTAL },
        attachment: { MAX_SIZE: sizes.MAX_SIZE },
      }),
    );
    server = await startBellowsProcess(configFile);
    if (client) client.url = server.url;
    expect((await fetch(`${server.url}api/healthz`)).status).toBe(200);
    return server;
  }

  const overQuota = async () => (await call(client, 'api/v1/user/quota/check?subject=size:all')) as boolean;

  it('TOTAL = 2k is 2000 bytes: an owner using 2024 is over it; MAX_SIZE = 2KiB refuses a 2049-byte file', async () => {
    const started = await startWith({ TOTAL: '2k', MAX_SIZE: '2KiB' });
    expect(started.output()).not.toMatch(/warning/);

    const cli = async (...argv: string[]) => {
      const result = await bellows(...argv, '--config', configFile);
      expect([result.code, result.stderr]).toEqual([0, '']);
      return result.stdout;
    };
    await cli('admin', 'user', 'create', '--username', 'ada', '--password', 'a long secret', '--email', 'ada@example.com');
    const token = (await cli('admin', 'user', 'generate-access-token', '--username', 'ada', '--raw')).trim();
    client = { url: started.url, token, owner: 'ada' };

    // An empty repository has no git data: the attachment is the owner's whole usage.
    await call(client, 'api/v1/user/repos', { method: 'POST', body: { name: 'notes' } });
    issue = await createIssue(client, 'notes');
    expect(await overQuota()).toBe(false);
    await attachToIssue(client, 'notes', issue, randomBytes(2024));
    const { used } = await call(client, 'api/v1/user/quota');
    expect([used.size.repos.public, used.size.assets.attachments.issues]).toEqual([0, 2024]);
    expect(await overQuota()).toBe(true);

    await expect(attachToIssue(client, 'notes', issue, randomBytes(2049))).rejects.toThrow(/answered 413: .*MAX_SIZE/);
  });

  it('TOTAL = 2KiB is 2048 bytes: the same 2024 bytes are within it', async () => {
    const started = await startWith({ TOTAL: '2KiB' });
    expect(started.output()).not.toMatch(/warning/);
    expect(await overQuota()).toBe(false);
  });

  it('TOTAL = hello and MAX_SIZE = -42 start the server with what Forgejo uses (no limit, 2048 MiB), and say so', async () => {
    const started = await startWith({ TOTAL: 'hello', MAX_SIZE: '-42' });
    const warnings = [
      'bellows: warning: [quota.default] TOTAL: "hello" is not a size (like 2GiB, 500MB or 1,000,000); using -1 (unlimited)',
      'bellows: warning: [attachment] MAX_SIZE: "-42" is negative; using 2048 MiB (the default)',
    ];
    for (const warning of warnings) expect(started.output()).toContain(warning);

    // 3 MiB more, well over the 2KiB before: no limit now, and the file is far below 2048 MiB.
    await attachToIssue(client, 'notes', issue, randomBytes(3 * MiB));
    expect(await overQuota()).toBe(false);

    // The admin commands read the same file and say the same.
    const recalculated = await bellows('admin', 'quota', 'recalculate', '--config', configFile);
    expect(recalculated.code).toBe(0);
    expect(recalculated.stderr).toBe(warnings.map((w) => `${w}\n`).join(''));
  });
});
