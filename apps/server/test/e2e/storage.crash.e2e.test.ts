import { randomBytes } from 'crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestDatabase, Database, testEngineFromEnv, TestDatabase } from '@bellows/persistence-typeorm';
import { BellowsProcess, startBellowsProcess } from '../support/bellows-process';
import { bellows } from '../support/cli';
import {
  ApiClient,
  attachToIssue,
  call,
  createArtifact,
  createIssue,
  createRepository,
  multipartHead,
  publishNpmPackage,
  stalledRequest,
  StalledRequest,
  startRun,
  uploadArtifact,
  uploadGenericPackage,
  uploadLfsObject,
} from '../support/sized-uploads';
import { backdateFiles, filesNoRowNeeds, missingFiles, storageFiles } from '../support/storage-files';
import { freePort } from '../support/test-server';
import { iniText } from '../support/ini-text';

// Two starts of a server process from the sources, on a machine that may be busy.
jest.setTimeout(240_000);

const MiB = 1024 * 1024;
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

/**
 * Finding 5 of issue 9: `kill -9` during uploads. The real server runs as a
 * process of its own; uploads of every kind stall mid-body (50 MiB announced,
 * 1 MiB sent); the server is killed and started again on the same data folder
 * and database. The ledger must equal the recount, and once the partial
 * files are old enough (the restart is made to happen two hours later by
 * moving the files' times back) no file may remain that no row needs.
 */
describe('finding 5: a crash mid-upload', () => {
  let dataDir: string;
  let database: TestDatabase;
  let configFile: string;
  let server: BellowsProcess | undefined;
  let db: Database | undefined;
  const stalled: StalledRequest[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bellows-crash-'));
    database = await createTestDatabase(testEngineFromEnv());
    const { type, path, host, name, user } = database.options;
    configFile = join(dataDir, 'app.ini');
    writeFileSync(
      configFile,
      iniText({
        server: { APP_DATA_PATH: dataDir, HTTP_ADDR: '127.0.0.1', HTTP_PORT: await freePort() },
        database: { DB_TYPE: type, PATH: path || join(dataDir, 'bellows.db'), HOST: host || '127.0.0.1:5432', NAME: name, USER: user },
      }),
    );
  });

  afterAll(async () => {
    for (const request of stalled) request.request.destroy();
    await server?.stop('SIGKILL');
    await db?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const storage = () => join(dataDir, 'storage');
  const partialFiles = () => {
    try {
      return readdirSync(join(storage(), '.tmp')).filter((name) => name.endsWith('.part'));
    } catch {
      return [];
    }
  };

  async function cli(...argv: string[]): Promise<string> {
    const result = await bellows(...argv, '--config', configFile);
    if (result.code !== 0) throw new Error(`bellows ${argv.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  async function waitFor(what: string, condition: () => boolean, timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; server output:\n${server?.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('finding 5: a crash mid-upload leaves no partial file after restart, and the ledger equals the recount', async () => {
    server = await startBellowsProcess(configFile);
    await cli('admin', 'user', 'create', '--username', 'ada', '--password', 'a long secret', '--email', 'ada@example.com');
    const token = (await cli('admin', 'user', 'generate-access-token', '--username', 'ada', '--raw')).trim();
    const client: ApiClient = { url: server.url, token, owner: 'ada' };

    // Stored before the crash: one of every kind, which must survive it whole.
    await createRepository(client, 'app');
    const issue = await createIssue(client, 'app');
    await attachToIssue(client, 'app', issue, randomBytes(3000));
    await uploadLfsObject(client, 'app', randomBytes(4000));
    await uploadGenericPackage(client, 'tool', '1.0.0', 'tool.bin', randomBytes(5000));
    await publishNpmPackage(client, 'lib', '1.0.0', randomBytes(600));
    const run = await startRun(client, 'app');
    await uploadArtifact(run, 'dist', randomBytes(7000));

    // Under way at the crash: 50 MiB announced, 1 MiB sent, then silence.
    const announced = 50 * MiB;
    const auth = { authorization: `token ${token}` };
    const multipart = multipartHead(announced);
    const blockUrl = `${await createArtifact(run, 'logs')}&comp=block&blockid=${Buffer.from('block-0').toString('base64')}`;
    const npmHead = Buffer.from('{"name":"big","versions":{},"_attachments":{"big-1.0.0.tgz":{"data":"');
    stalled.push(
      stalledRequest(`${server.url}api/v1/repos/ada/app/issues/${issue}/assets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': multipart.contentType },
        head: multipart.head,
        sent: MiB,
        length: multipart.length,
      }),
      stalledRequest(`${server.url}ada/app.git/info/lfs/objects/${'5'.repeat(64)}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        sent: MiB,
        length: announced,
      }),
      stalledRequest(`${server.url}api/packages/ada/generic/big/1.0.0/big.bin`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/octet-stream' },
        sent: MiB,
        length: announced,
      }),
      stalledRequest(`${server.url}api/packages/ada/npm/big`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        head: npmHead,
        sent: MiB,
        length: announced,
      }),
      stalledRequest(blockUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, sent: MiB, length: announced }),
    );
    await Promise.all(stalled.map((request) => request.started));
    // Every streamed upload is writing its temporary file (npm's JSON document is read into memory: it leaves none).
    await waitFor(
      'four partial files of 1 MiB',
      () => partialFiles().length === 4 && partialFiles().every((name) => statSync(join(storage(), '.tmp', name)).size >= 512 * 1024),
    );

    const killed = await server.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    server = undefined;
    expect(partialFiles()).toHaveLength(4); // what the finding is about: the crash left them

    // Nothing was recorded for the uploads under way: the ledger still equals the recount.
    const { type, path, host, name, user, password, sslMode } = database.options;
    db = await Database.open({ type, path: path || join(dataDir, 'bellows.db'), host, name, user, password, sslMode });
    expect(await db.quotaRecount.differences()).toEqual([]);

    // The server comes back two hours later: at start it removes the partial files.
    backdateFiles(storage(), TWO_HOURS_MS);
    const filesBefore = storageFiles(storage()).filter((file) => !file.startsWith('.tmp/'));
    server = await startBellowsProcess(configFile);
    expect(partialFiles()).toEqual([]);
    expect(storageFiles(storage())).toEqual(filesBefore);
    expect(server.output()).toMatch(/removed 4 partial upload file\(s\) \(\d+ bytes\) left in storage by an interrupted run/);

    expect(await db.quotaRecount.differences()).toEqual([]);
    expect(await cli('admin', 'quota', 'recalculate')).toBe('nothing to fix\n');
    expect(await cli('admin', 'storage', 'gc')).toBe('nothing to remove\n');
    expect(await filesNoRowNeeds(db, storage())).toEqual([]);
    expect(await missingFiles(db, storage())).toEqual([]);

    // And the same uploads, sent again whole, are stored and counted.
    client.url = server.url;
    await attachToIssue(client, 'app', issue, randomBytes(2 * MiB));
    await uploadLfsObject(client, 'app', randomBytes(2 * MiB));
    await uploadGenericPackage(client, 'big', '1.0.0', 'big.bin', randomBytes(2 * MiB));
    await publishNpmPackage(client, 'big', '1.0.0', randomBytes(MiB));
    await uploadArtifact(await startRun(client, 'app'), 'logs', randomBytes(2 * MiB));
    expect(await db.quotaRecount.differences()).toEqual([]);
    expect((await call(client, 'api/v1/user/quota')).used.size.assets.packages.all).toBe(5000 + 600 + 2 * MiB + MiB);
    expect(await filesNoRowNeeds(db, storage())).toEqual([]);

    const stopped = await server.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    server = undefined;
  });
});
