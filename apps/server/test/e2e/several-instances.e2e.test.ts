import { randomBytes } from 'crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import {
  ActionArtifactEntity,
  createTestDatabase,
  ScheduledJobEntity,
  Database,
  testEngineFromEnv,
  TestDatabase,
} from '@bellows/persistence-typeorm';
import { createTestS3Store, TestS3Store } from '@bellows/storage';
import { BellowsProcess, startBellowsProcess } from '../support/bellows-process';
import { bellows } from '../support/cli';
import { credentialUrl, GitClient } from '../support/git-client';
import { iniText, IniSection } from '../support/ini-text';
import { ApiClient, attachToIssue, call, createRepository, startRun, uploadArtifact } from '../support/sized-uploads';
import { freePort } from '../support/test-server';
import { testStorageType } from '../support/test-storage';
import { ofEvent, startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

// Two server processes started from the sources at once, then many requests to each, on a machine that may be busy.
jest.setTimeout(420_000); // and a wait for both instances' job timers (30 s)

/** PostgreSQL only, by design: SQLite takes one `bellows web` per database file (sqlite-one-server.e2e.test.ts). */
const onPostgres = testEngineFromEnv() === 'postgres';
const describeOnPostgres = onPostgres ? describe : describe.skip;
if (!onPostgres) {
  // A clear reason in the output of a SQLite run, rather than a silent skip.
  describe('several instances (skipped: PostgreSQL only; SQLite refuses a second bellows web by design)', () => {
    it.skip('runs with BELLOWS_TEST_DB=postgres', () => undefined);
  });
}

const ISSUES = 24;
const ARTIFACTS = 3;

/**
 * Issue 15, "Several instances": two real `bellows web` processes started at
 * once on one PostgreSQL database (migrating at once is tested in
 * persistence-typeorm, migrations.concurrent.test.ts), one shared data folder
 * and repository root, and one blob store (the S3 test server's bucket
 * `bellows-multi` with BELLOWS_TEST_STORAGE=minio, else local files in the
 * shared folder), driven alternately and concurrently. They must behave as
 * one: issue numbers 1..N with no gap or repeat, uploads and deletions seen by
 * both, pushes to one repository from both with no lost ref update, each
 * webhook event delivered once to a real receiver, scheduled jobs run once
 * when both are asked at once, and the ledger equal to a recount.
 */
describeOnPostgres('several instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let dir: string;
  let s3: TestS3Store | undefined;
  let git: GitClient;
  let receiver: WebhookReceiver;
  let db: Database | undefined;
  const servers: BellowsProcess[] = [];
  let a: ApiClient;
  let b: ApiClient;
  let configFile: string;
  /** The artifacts uploaded by the cron test; the last one is left to the timers. */
  const ids: number[] = [];

  const section = (): Record<string, IniSection> => ({
    server: { APP_DATA_PATH: dir, HTTP_ADDR: '127.0.0.1' },
    database: { DB_TYPE: 'postgres', HOST: database.options.host, NAME: database.options.name, USER: database.options.user },
    webhook: { ALLOWED_HOST_LIST: 'loopback', RETRY_BACKOFF: '200ms' },
    storage: s3
      ? {
          STORAGE_TYPE: 'minio',
          MINIO_ENDPOINT: s3.options.endpoint,
          MINIO_ACCESS_KEY_ID: s3.options.accessKeyId,
          MINIO_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
          MINIO_BUCKET: s3.options.bucket,
          MINIO_LOCATION: s3.options.location,
          MINIO_BASE_PATH: s3.options.basePath,
          MINIO_USE_SSL: 'false',
        }
      : { PATH: join(dir, 'storage') },
  });

  async function writeConfig(name: string): Promise<string> {
    const file = join(dir, `${name}.ini`);
    const sections = section();
    writeFileSync(file, iniText({ ...sections, server: { ...sections.server, HTTP_PORT: await freePort() } }));
    return file;
  }

  async function cli(...argv: string[]): Promise<string> {
    const result = await bellows(...argv, '--config', configFile);
    if (result.code !== 0) throw new Error(`bellows ${argv.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-multi-'));
    database = await createTestDatabase('postgres');
    if (testStorageType() === 'minio') s3 = await createTestS3Store('bellows-multi');
    git = await GitClient.create();
    receiver = await startWebhookReceiver();
    configFile = await writeConfig('cli');
    // Both at once.
    servers.push(...(await Promise.all([startBellowsProcess(await writeConfig('a')), startBellowsProcess(await writeConfig('b'))])));
    await cli('admin', 'user', 'create', '--username', 'ada', '--password', 'a long secret', '--email', 'ada@example.com', '--admin');
    const token = (await cli('admin', 'user', 'generate-access-token', '--username', 'ada', '--raw')).trim();
    a = { url: servers[0].url, token, owner: 'ada' };
    b = { url: servers[1].url, token, owner: 'ada' };
    db = await Database.open(database.options);
  });

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGTERM');
    await db?.close();
    await receiver?.close();
    git?.remove();
    await s3?.drop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const both = () => [a, b];
  const other = (client: ApiClient) => (client === a ? b : a);
  const cronTask = async (client: ApiClient, name: string) =>
    ((await call(client, 'api/v1/admin/cron')) as { name: string; exec_times: number; prev: string; next: string }[]).find(
      (task) => task.name === name,
    )!;

  it('serves one repository with a webhook from both', async () => {
    await createRepository(a, 'app');
    const hook = await call(b, 'api/v1/repos/ada/app/hooks', {
      method: 'POST',
      body: { type: 'forgejo', active: true, events: ['issues', 'push', 'create'], config: { url: receiver.url, content_type: 'json' } },
    });
    expect(hook.id).toBeGreaterThan(0);
    expect((await call(a, 'api/v1/repos/ada/app/hooks')).map((h: { id: number }) => h.id)).toEqual([hook.id]);
  });

  it('numbers issues 1..N with no gap or repeat, created alternately and concurrently on both', async () => {
    const title = (i: number) => ({ title: `issue ${i}` });
    const numbers: number[] = [];
    // Alternately, one after another…
    for (let i = 0; i < ISSUES / 2; i++)
      numbers.push((await call(both()[i % 2], 'api/v1/repos/ada/app/issues', { method: 'POST', body: title(i) })).number);
    // …then all at once, half on each.
    const concurrent = await Promise.all(
      Array.from({ length: ISSUES / 2 }, (_, i) =>
        call(both()[i % 2], 'api/v1/repos/ada/app/issues', { method: 'POST', body: title(i + ISSUES / 2) }),
      ),
    );
    numbers.push(...concurrent.map((issue) => issue.number));
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: ISSUES }, (_, i) => i + 1));
    const listed = await call(b, `api/v1/repos/ada/app/issues?state=all&type=issues&limit=50`);
    expect(listed).toHaveLength(ISSUES);
  });

  it('delivers each issue event once to the receiver, whichever instance took the request', async () => {
    const opened = ofEvent('issues', 'opened');
    const until = Date.now() + 60_000;
    while (receiver.deliveries.filter(opened).length < ISSUES && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 3000)); // time for a second delivery of anything, which must not come
    const delivered = receiver.deliveries.filter(opened).map((d) => d.body.issue.number as number);
    expect([...delivered].sort((x, y) => x - y)).toEqual(Array.from({ length: ISSUES }, (_, i) => i + 1));
    expect(new Set(receiver.deliveries.map((d) => d.headers['x-forgejo-delivery'])).size).toBe(receiver.deliveries.length);
  });

  it('stores uploads through either instance and serves and deletes them through the other', async () => {
    const contents = Array.from({ length: 6 }, (_, i) => randomBytes(2000 + i * 100));
    const uploaded = await Promise.all(contents.map((content, i) => attachToIssue(both()[i % 2], 'app', 1, content)));
    for (const [i, attachment] of uploaded.entries()) {
      const response = await fetch(`${other(both()[i % 2]).url}attachments/${attachment.uuid}`, {
        headers: { authorization: `token ${a.token}` },
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(contents[i])).toBe(true);
    }
    if (s3) {
      // In the shared object store, not on either instance's disk.
      const keys: string[] = [];
      for await (const blob of s3.store.list('attachments')) keys.push(blob.key);
      expect(keys.length).toBeGreaterThanOrEqual(uploaded.length);
    }
    // Half deleted, each through the instance that did not store it, all at once.
    await Promise.all(
      uploaded
        .slice(0, 3)
        .map((attachment, i) => call(other(both()[i % 2]), `api/v1/repos/ada/app/issues/1/assets/${attachment.id}`, { method: 'DELETE' })),
    );
    for (const client of both())
      expect((await call(client, 'api/v1/repos/ada/app/issues/1/assets')).map((x: { id: number }) => x.id).sort()).toEqual(
        uploaded
          .slice(3)
          .map((x) => x.id)
          .sort(),
      );
  });

  it('takes pushes to one repository on both at once: both branches exist, and of two rival pushes one is refused, none lost', async () => {
    const url = (client: ApiClient) => credentialUrl(client.url, 'ada/app.git', 'ada', client.token);
    const clones = await Promise.all(
      both().map(async (client, i) => {
        const work = git.folder(`clone-${i}`);
        await git.ok(['clone', url(client), '.'], work);
        return work;
      }),
    );
    // Two new branches, one pushed to each instance at the same moment.
    for (const [i, work] of clones.entries()) {
      await git.ok(['checkout', '-b', `topic-${i}`], work);
      writeFileSync(join(work, `topic-${i}.txt`), `work ${i}\n`);
      await git.ok(['add', '.'], work);
      await git.ok(['commit', '-m', `topic ${i}`], work);
    }
    await Promise.all(clones.map((work, i) => git.ok(['push', 'origin', `topic-${i}`], work)));
    const branches = (await call(a, 'api/v1/repos/ada/app/branches')).map((branch: { name: string }) => branch.name);
    expect(branches).toEqual(expect.arrayContaining(['main', 'topic-0', 'topic-1']));

    // Rival commits on main, pushed at once: one wins, the other is refused (never both "accepted" with one lost).
    const heads: string[] = [];
    for (const [i, work] of clones.entries()) {
      await git.ok(['checkout', 'main'], work);
      writeFileSync(join(work, 'README.md'), `rival ${i}\n`);
      await git.ok(['commit', '-am', `rival ${i}`], work);
      heads.push((await git.ok(['rev-parse', 'HEAD'], work)).trim());
    }
    const pushes = await Promise.all(clones.map((work) => git.run(['push', 'origin', 'main'], work)));
    expect(pushes.map((push) => push.code).sort()).toEqual([0, 1]);
    const winner = heads[pushes.findIndex((push) => push.code === 0)];
    for (const client of both()) expect((await call(client, 'api/v1/repos/ada/app/branches/main')).commit.id).toBe(winner);

    // Each ref move is announced once: a create and a push per topic branch, one push of main.
    const pushesOf = (ref: string) => receiver.deliveries.filter(ofEvent('push', undefined, (body) => body.ref === ref));
    const until = Date.now() + 30_000;
    while ((pushesOf('refs/heads/main').length < 1 || pushesOf('refs/heads/topic-1').length < 1) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 2000));
    expect(pushesOf('refs/heads/topic-0')).toHaveLength(1);
    expect(pushesOf('refs/heads/topic-1')).toHaveLength(1);
    expect(pushesOf('refs/heads/main').map((d) => d.body.after)).toEqual([winner]);
    expect(
      receiver.deliveries
        .filter(ofEvent('create'))
        .map((d) => d.body.ref)
        .sort(),
    ).toEqual(['topic-0', 'topic-1']);
  });

  it('runs a scheduled job once when both are asked at once: expired artifacts expire, the run counts once', async () => {
    const run = await startRun(a, 'app');
    ids.length = 0;
    for (let i = 0; i < ARTIFACTS; i++)
      ids.push(await uploadArtifact(i % 2 ? { ...run, twirp: run.twirp.replace(a.url, b.url) } : run, `dist-${i}`, randomBytes(3000)));
    // Two of them are past their retention; the hourly job has not come by yet.
    await db!.dataSource.getRepository(ActionArtifactEntity).update(ids.slice(0, 2), { expiresAt: new Date(Date.now() - 1000) });
    for (const name of ['cleanup_actions', 'delete_temporary_files', 'quota_usage_snapshot']) {
      const before = await cronTask(a, name);
      expect(await cronTask(b, name)).toEqual(before); // one shared history
      await Promise.all(both().map((client) => call(client, `api/v1/admin/cron/${name}`, { method: 'POST' })));
      const after = await cronTask(b, name);
      expect(after.exec_times).toBe(before.exec_times + 1);
      expect(await cronTask(a, name)).toEqual(after);
    }
    const expired = await Promise.all(
      ids.map(async (id, i) => (await call(both()[i % 2], `api/v1/repos/ada/app/actions/artifacts/${id}`)).expired),
    );
    expect(expired).toEqual([true, true, false]);
  });

  it('runs a due time once from the timers of both instances', async () => {
    // The last artifact's retention ends, and the hourly job is made due now: both instances look every 30 s.
    await db!.dataSource.getRepository(ActionArtifactEntity).update(ids[ARTIFACTS - 1], { expiresAt: new Date(Date.now() - 1000) });
    const before = await cronTask(a, 'cleanup_actions');
    await db!.dataSource.getRepository(ScheduledJobEntity).update({ name: 'cleanup_actions' }, { nextRunAt: new Date(Date.now() - 1000) });
    const until = Date.now() + 90_000;
    while ((await cronTask(b, 'cleanup_actions')).exec_times === before.exec_times && Date.now() < until)
      await new Promise((r) => setTimeout(r, 500));
    // One more look of each instance's timer, which must find the due time taken.
    await new Promise((r) => setTimeout(r, 32_000));
    const after = await cronTask(a, 'cleanup_actions');
    expect(after.exec_times).toBe(before.exec_times + 1);
    expect(new Date(after.next).getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect((await call(b, `api/v1/repos/ada/app/actions/artifacts/${ids[ARTIFACTS - 1]}`)).expired).toBe(true);
  });

  it('keeps the ledger equal to a recount after all of it', async () => {
    expect(await cli('admin', 'quota', 'recalculate')).toBe('nothing to fix\n');
  });
});
