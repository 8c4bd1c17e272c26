import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { BlobStore, createTestS3Store, TestS3Store } from '@bellows/storage';
import { createApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/config';
import { bellows, writeCliConfig } from '../support/cli';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';
import { iniText } from '../support/ini-text';

/**
 * `bellows admin storage migrate` between the local disk and a real S3-compatible
 * server (the RADOS Gateway of the test set-up): local → minio with a resumed run
 * and a corrupted copy at the target, a second run that finds everything there, a
 * server started with the new configuration serving the moved files, minio →
 * local, and an unreachable target reported with exit code 1.
 */
describe('bellows admin storage migrate', () => {
  let s3: TestS3Store;
  let server: TestServer;
  let owner: TestUser;
  let localIni: string;
  let minioIni: string;
  /** uuid → the attachment's bytes. */
  const files = new Map<string, Buffer>();
  let packageBytes: Buffer;
  const attachmentKey = (uuid: string) => `attachments/${uuid.slice(0, 2)}/${uuid.slice(2, 4)}/${uuid}`;
  const text = async (stream: Promise<Readable>) => buffer(await stream);

  beforeAll(async () => {
    s3 = await createTestS3Store('storecfg-migrate');
    server = await startTestServer({ STORAGE__STORAGE_TYPE: 'local' });
    owner = await createTestUser(server);
    const repo = await createTestRepository(server, owner.user);
    const issue = await server.request(`/repos/${owner.name}/${repo.name}/issues`, {
      method: 'POST',
      body: { title: 'files' },
      auth: { token: owner.token },
    });
    for (const size of [1000, 1000, 70_000]) {
      const content = randomBytes(size);
      const form = new FormData();
      form.append('attachment', new Blob([content]), `file-${size}.bin`);
      const res = await fetch(`${server.apiUrl}/repos/${owner.name}/${repo.name}/issues/${issue.body.number}/assets`, {
        method: 'POST',
        body: form,
        headers: { authorization: `token ${owner.token}` },
      });
      expect(res.status).toBe(201);
      files.set(((await res.json()) as { uuid: string }).uuid, content);
    }
    packageBytes = randomBytes(5000);
    const put = await fetch(`${server.url}api/packages/${owner.name}/generic/tool/1.0.0/tool.bin`, {
      method: 'PUT',
      body: packageBytes,
      headers: { authorization: `token ${owner.token}` },
    });
    expect(put.status).toBe(201);

    // The operator's file: still local, with the object store's keys written beside (read by --to minio).
    const minioKeys = {
      MINIO_ENDPOINT: s3.options.endpoint,
      MINIO_ACCESS_KEY_ID: s3.options.accessKeyId,
      MINIO_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
      MINIO_BUCKET: s3.options.bucket,
      MINIO_BASE_PATH: s3.options.basePath,
    };
    localIni = writeCliConfig(server);
    appendFileSync(localIni, `\n${iniText({ storage: minioKeys }).replace('[storage]', '[storage]\nSTORAGE_TYPE = local')}`);
    minioIni = join(server.dataDir, 'minio.ini');
    const minio = readFileSync(localIni, 'utf8').replace('STORAGE_TYPE = local', 'STORAGE_TYPE = minio');
    writeFileSync(minioIni, minio);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.drop();
  });

  it('copies local → minio, skipping what is already there and copying again what differs, then finds everything there', async () => {
    const [first, second] = [...files.keys()];
    // An earlier, interrupted run copied the first; the second's copy was damaged (same size, other bytes).
    await s3.store.write(attachmentKey(first), Readable.from([files.get(first)!]));
    await s3.store.write(attachmentKey(second), Readable.from([randomBytes(1000)]));

    const run = await bellows('admin', 'storage', 'migrate', '--type', 'attachments', '--to', 'minio', '--config', localIni);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`already there ${attachmentKey(first)} (1000 bytes`);
    expect(run.stdout).toMatch(new RegExp(`copied ${attachmentKey(second)} \\(1000 bytes, sha256 [0-9a-f]{64}\\) again`));
    expect(run.stdout).toMatch(
      /attachments \(.*\/storage\/attachments → http:\/\/.*\/attachments\/\): 2 copied, 1 already there, 0 failed/,
    );
    for (const [uuid, content] of files) expect((await text(s3.store.read(attachmentKey(uuid)))).equals(content)).toBe(true);

    const again = await bellows('admin', 'storage', 'migrate', '--type', 'attachments', '--to', 'minio', '--config', localIni);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/0 copied, 3 already there, 0 failed/);

    const all = await bellows('admin', 'storage', 'migrate', '--type', 'all', '--to', 'minio', '--config', localIni);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/packages \(.*\): 1 copied, 0 already there, 0 failed/);
  });

  it('a server started with the new configuration serves the moved files from the object store', async () => {
    const config = loadConfig({ configPath: minioIni, env: {} });
    expect(config.storage.kinds.attachments).toMatchObject({ type: 'minio', basePath: `${s3.options.basePath}attachments/` });
    // The local copies are gone: only the object store can answer.
    const local = new BlobStore(server.config.storage.path);
    for (const uuid of files.keys()) await local.delete(attachmentKey(uuid));
    const started = await createApp({ ...config, server: { ...config.server, httpPort: 0 } }, { logger: false });
    try {
      await started.app.listen(0, '127.0.0.1');
      const address = started.app.getHttpServer().address() as { port: number };
      const base = `http://127.0.0.1:${address.port}/`;
      for (const [uuid, content] of files) {
        const res = await fetch(`${base}attachments/${uuid}`);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
      }
      const pkg = await fetch(`${base}api/packages/${owner.name}/generic/tool/1.0.0/tool.bin`, {
        headers: { authorization: `token ${owner.token}` },
      });
      expect({ status: pkg.status, same: Buffer.from(await pkg.arrayBuffer()).equals(packageBytes) }).toEqual({ status: 200, same: true });
    } finally {
      await started.app.close();
      await started.db.close().catch(() => undefined);
    }
  });

  it('copies minio → local into --path, verified', async () => {
    const target = mkdtempSync(join(tmpdir(), 'bellows-migrated-'));
    try {
      const run = await bellows(
        'admin',
        'storage',
        'migrate',
        '--type',
        'attachments',
        '--to',
        'local',
        '--path',
        target,
        '--config',
        minioIni,
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/: 3 copied, 0 already there, 0 failed/);
      // --path is the kind's own folder: its blobs sit at its top.
      const moved = new BlobStore(target);
      for (const [uuid, content] of files)
        expect((await text(moved.read(attachmentKey(uuid).slice('attachments/'.length)))).equals(content)).toBe(true);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });

  it('refuses bad options and reports an unreachable target with exit code 1', async () => {
    const bad = await bellows('admin', 'storage', 'migrate', '--type', 'pictures', '--to', 'minio', '--config', localIni);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--type must be one of attachments, lfs, packages, artifacts, avatars, all/);
    const same = await bellows('admin', 'storage', 'migrate', '--type', 'lfs', '--to', 'local', '--config', localIni);
    expect(same.code).toBe(1);
    expect(same.stderr).toMatch(/lfs are already stored in .*: nothing to copy/);
    const down = await bellows(
      'admin',
      'storage',
      'migrate',
      '--type',
      'attachments',
      '--to',
      'minio',
      '--minio-endpoint',
      '127.0.0.1:1',
      '--config',
      localIni,
    );
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/object storage http:\/\/127\.0\.0\.1:1\/.* cannot be used/);
  });
});
