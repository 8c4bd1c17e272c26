import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
import { createTestS3Store, TestS3Store } from '@bellows/storage';
import { createTestUser, TestUser } from '../support/fixtures';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

const LFS_JSON = 'application/vnd.git-lfs+json';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Object storage on a real S3-compatible server (the RADOS Gateway of the test
 * set-up) with SERVE_DIRECT on for every kind: downloads answer a redirect to a
 * presigned URL of the store, only after the usual checks (a private file stays
 * 404 to others), and the URL gives the bytes. Also: the store holds the blobs
 * under each kind's prefix, and nothing is written to the local [storage] PATH.
 */
describe('object storage with SERVE_DIRECT', () => {
  let s3: TestS3Store;
  let server: TestServer;
  let owner: TestUser;
  let outsider: TestUser;
  let repoPath: string;

  beforeAll(async () => {
    s3 = await createTestS3Store('storecfg-e2e');
    server = await startTestServer({
      STORAGE__STORAGE_TYPE: 'minio',
      STORAGE__MINIO_ENDPOINT: s3.options.endpoint,
      STORAGE__MINIO_ACCESS_KEY_ID: s3.options.accessKeyId,
      STORAGE__MINIO_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
      STORAGE__MINIO_BUCKET: s3.options.bucket,
      STORAGE__MINIO_BASE_PATH: s3.options.basePath!,
      ATTACHMENT__SERVE_DIRECT: 'true',
      LFS__SERVE_DIRECT: 'true',
      PACKAGES__SERVE_DIRECT: 'true',
      ACTIONS_ARTIFACTS__SERVE_DIRECT: 'true',
    });
    owner = await createTestUser(server);
    outsider = await createTestUser(server);
    const repo = await createTestRepository(server, owner.user, { isPrivate: true });
    repoPath = `${owner.name}/${repo.name}`;
  });
  const savedEnv = { ...process.env };
  afterAll(async () => {
    process.env = savedEnv;
    await server?.close();
    await s3?.drop();
  });

  /** A request that does not follow redirects. */
  const raw = (path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path.replace(/^\//, '')}`, {
      redirect: 'manual',
      ...init,
      headers: { ...(token ? { authorization: `token ${token}` } : {}), ...((init.headers as Record<string, string>) ?? {}) },
    });
  const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

  it('attachments: 303 to a presigned URL for who may see them, 404 for others', async () => {
    const issue = await server.request(`/repos/${repoPath}/issues`, {
      method: 'POST',
      body: { title: 'files' },
      auth: { token: owner.token },
    });
    expect(issue.status).toBe(201);
    const content = randomBytes(40_000);
    const form = new FormData();
    form.append('attachment', new Blob([content]), 'report.bin');
    const uploaded = await fetch(`${server.apiUrl}/repos/${repoPath}/issues/${issue.body.number}/assets`, {
      method: 'POST',
      body: form,
      headers: { authorization: `token ${owner.token}` },
    });
    expect(uploaded.status).toBe(201);
    const { uuid } = (await uploaded.json()) as { uuid: string };

    const answer = await raw(`/attachments/${uuid}`, owner.token);
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location.startsWith(`http://${s3.options.endpoint}/${s3.options.bucket}/${s3.options.basePath}attachments/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    expect((await bytesAt(location)).equals(content)).toBe(true);
    expect((await raw(`/attachments/${uuid}`, outsider.token)).status).toBe(404);
    expect((await raw(`/attachments/${uuid}`)).status).toBe(404);
    // The object store holds it; the local storage folder has nothing of it.
    const stored: string[] = [];
    for await (const blob of s3.store.list('attachments')) stored.push(blob.key);
    expect(stored.some((key) => key.endsWith(uuid))).toBe(true);
    expect(existsSync(join(server.config.storage.path, 'attachments'))).toBe(false);
  });

  it('generic package files: 303 to a presigned URL after the read check', async () => {
    const content = randomBytes(10_000);
    const path = `/api/packages/${owner.name}/generic/tool/1.0.0/tool.bin`;
    const put = await raw(path, owner.token, { method: 'PUT', body: content });
    expect(put.status).toBe(201);
    const answer = await raw(path, owner.token);
    expect(answer.status).toBe(303);
    expect((await bytesAt(answer.headers.get('location')!)).equals(content)).toBe(true);
  });

  it('npm tarballs: 303 to a presigned URL', async () => {
    const tarball = randomBytes(3000);
    const name = '@bellows-test/direct';
    const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
    const published = await server.request(`/api/packages/${owner.name}/npm/@bellows-test%2fdirect`, {
      method: 'PUT',
      auth: { token: owner.token },
      body: {
        name,
        'dist-tags': { latest: '1.0.0' },
        versions: { '1.0.0': { name, version: '1.0.0', dist: { integrity } } },
        _attachments: {
          'direct-1.0.0.tgz': { content_type: 'application/octet-stream', data: tarball.toString('base64'), length: tarball.length },
        },
      },
    });
    expect(published.status).toBe(201);
    const answer = await raw(`/api/packages/${owner.name}/npm/@bellows-test%2fdirect/-/1.0.0/direct-1.0.0.tgz`, owner.token);
    expect(answer.status).toBe(303);
    expect((await bytesAt(answer.headers.get('location')!)).equals(tarball)).toBe(true);
  });

  it('LFS: the batch download href is a presigned URL (no Authorization header), the object GET answers 302, /media 303', async () => {
    const content = randomBytes(20_000);
    const oid = sha256(content);
    const batch = (operation: string) =>
      server.request(`${repoPath}.git/info/lfs/objects/batch`, {
        method: 'POST',
        body: JSON.stringify({ operation, objects: [{ oid, size: content.length }] }),
        headers: { 'content-type': LFS_JSON, accept: LFS_JSON },
        auth: { token: owner.token },
      });
    const upload = (await batch('upload')).body.objects[0].actions.upload;
    const put = await fetch(upload.href, {
      method: 'PUT',
      body: content,
      headers: { ...upload.header, 'content-type': 'application/octet-stream' },
    });
    expect(put.status).toBe(200);

    const download = (await batch('download')).body.objects[0].actions.download;
    expect(download.header).toBeUndefined();
    expect(download.href.startsWith(`http://${s3.options.endpoint}/`)).toBe(true);
    expect((await bytesAt(download.href)).equals(content)).toBe(true);

    const direct = await raw(`${repoPath}.git/info/lfs/objects/${oid}`, owner.token);
    expect(direct.status).toBe(302);
    expect((await bytesAt(direct.headers.get('location')!)).equals(content)).toBe(true);
    expect((await raw(`${repoPath}.git/info/lfs/objects/${oid}`, outsider.token)).status).toBe(404);
    // A file committed as an LFS pointer: /media answers 303 to the object, as Forgejo.
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize ${content.length}\n`;
    const committed = await server.request(`/repos/${repoPath}/contents/big.bin`, {
      method: 'POST',
      body: { content: Buffer.from(pointer).toString('base64'), message: 'add big.bin' },
      auth: { token: owner.token },
    });
    expect(committed.status).toBe(201);
    const media = await raw(`/api/v1/repos/${repoPath}/media/big.bin`, owner.token);
    expect(media.status).toBe(303);
    expect((await bytesAt(media.headers.get('location')!)).equals(content)).toBe(true);
    expect((await raw(`/api/v1/repos/${repoPath}/media/big.bin`, outsider.token)).status).toBe(404);
  });

  it('artifacts: the API zip answers 302 to a presigned URL, and @actions/artifact downloads through the redirect', async () => {
    const run = await server.request(`/repos/${repoPath}/actions/runs`, {
      method: 'POST',
      body: { name: 'build', event: 'push' },
      auth: { token: owner.token },
    });
    expect(run.status).toBe(201);
    process.env.ACTIONS_RUNTIME_TOKEN = run.body.runtime_token;
    process.env.ACTIONS_RESULTS_URL = run.body.results_url;
    process.env.GITHUB_SERVER_URL = `http://bellows.localhost:${new URL(server.url).port}`;
    const work = mkdtempSync(join(tmpdir(), 'bellows-direct-artifact-'));
    try {
      const content = randomBytes(100_000);
      writeFileSync(join(work, 'bundle.bin'), content);
      const client = new DefaultArtifactClient();
      const uploaded = await client.uploadArtifact('bundle', [join(work, 'bundle.bin')], work, { compressionLevel: 0 });

      const zip = await raw(`/api/v1/repos/${repoPath}/actions/artifacts/${uploaded.id}/zip`, owner.token);
      expect(zip.status).toBe(302);
      const bytes = await bytesAt(zip.headers.get('location')!);
      expect(bytes.length).toBe(uploaded.size);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect((await raw(`/api/v1/repos/${repoPath}/actions/artifacts/${uploaded.id}/zip`, outsider.token)).status).toBe(404);

      const target = mkdtempSync(join(work, 'download-'));
      const downloaded = await client.downloadArtifact(uploaded.id!, { path: target });
      expect(downloaded.digestMismatch).toBeFalsy();
      expect(readFileSync(join(target, 'bundle.bin')).equals(content)).toBe(true);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
