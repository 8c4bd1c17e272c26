import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestToken, createTestUser, TestUser } from '../support/fixtures';
import { credentialUrl, GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';
import { storedBlobsOf } from '../support/test-storage';

jest.setTimeout(120_000);

const LFS_JSON = 'application/vnd.git-lfs+json';
const MiB = 1024 * 1024;

describe('Git LFS', () => {
  let server: TestServer;
  let git: GitClient;
  let alice: TestUser;
  let bob: TestUser;
  let media: RepositoryEntity;
  /** The oid of the binary pushed by the first test. */
  let pushedOid: string;

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    alice = await createTestUser(server, { name: 'alice' });
    bob = await createTestUser(server, { name: 'bob' });
    media = await createTestRepository(server, alice.user, { name: 'media' });
    await createTestRepository(server, alice.user, { name: 'hidden', isPrivate: true });
  });
  afterAll(async () => {
    await server?.close();
    git?.remove();
  });

  const url = (path: string, user?: string, password?: string) => credentialUrl(server.url, path, user, password);
  const lfsUsage = async () => (await server.request('/user/quota', { auth: { token: alice.token } })).body.used.size.git.LFS;
  const batch = (repo: string, body: unknown, token?: string) =>
    server.request(`${repo}.git/info/lfs/objects/batch`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': LFS_JSON, accept: LFS_JSON },
      auth: token ? { token } : undefined,
    });
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  it('pushes a tracked 5 MiB binary with git-lfs, clones it back byte-identical, and the LFS usage grows', async () => {
    const binary = randomBytes(5 * MiB);
    pushedOid = sha256(binary);
    const remote = url('alice/media.git', 'alice', alice.token);
    const work = git.folder('lfs-push');
    await git.ok(['clone', '--quiet', remote, '.'], work);
    await git.ok(['config', 'lfs.locksverify', 'false'], work);
    await git.ok(['lfs', 'track', '*.bin'], work);
    writeFileSync(join(work, 'big.bin'), binary);
    await git.ok(['add', '.gitattributes', 'big.bin'], work);
    await git.ok(['commit', '--quiet', '-m', 'a big binary'], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);

    const row = (await server.db.repositories.findById(media.id))!;
    expect(row.lfsSize).toBe(5 * MiB);
    expect(row.gitSize).toBeLessThan(MiB); // the pointer is in git, the bytes are not
    expect(await lfsUsage()).toBe(5 * MiB);

    const clone = git.folder('lfs-clone');
    await git.ok(['clone', '--quiet', url('alice/media.git'), '.'], clone); // anonymous: the repository is public
    expect(sha256(readFileSync(join(clone, 'big.bin')))).toBe(sha256(binary));
  });

  it('answers the batch API: download actions for stored objects, per-object 404 for missing ones', async () => {
    const missing = { oid: 'f'.repeat(64), size: 3 };
    const res = await batch('alice/media', {
      operation: 'download',
      transfers: ['basic'],
      objects: [{ oid: pushedOid, size: 5 * MiB }, missing],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.git-lfs\+json/);
    expect(res.body.transfer).toBe('basic');
    expect(res.body.objects[0].actions.download.href).toBe(`${server.url}alice/media.git/info/lfs/objects/${pushedOid}`);
    expect(res.body.objects[1]).toEqual({ ...missing, error: { code: 404, message: 'object does not exist' } });
    const invalid = await batch('alice/media', { operation: 'download', objects: [{ oid: 'nope', size: 1 }] });
    expect(invalid.body.objects[0].error.code).toBe(422);
    expect((await batch('alice/media', { operation: 'steal', objects: [] })).status).toBe(422);
  });

  it('stores an upload only when its bytes match the oid and size (422 otherwise), then verifies it', async () => {
    const content = Buffer.from('the real content');
    const oid = sha256(content);
    const put = (body: Buffer, auth = { token: alice.token }) =>
      server.request(`alice/media.git/info/lfs/objects/${oid}`, {
        method: 'PUT',
        body,
        headers: { 'content-type': 'application/octet-stream' },
        auth,
      });

    const announced = await batch('alice/media', { operation: 'upload', objects: [{ oid, size: content.length }] }, alice.token);
    expect(announced.body.objects[0].actions.upload.href).toBe(`${server.url}alice/media.git/info/lfs/objects/${oid}`);
    expect(announced.body.objects[0].actions.upload.header.Authorization).toMatch(/^Bellows-LFS /);

    const forged = await put(Buffer.from('something else entirely'));
    expect(forged.status).toBe(422);
    expect(forged.body.message).toContain('sha256');
    expect(await server.db.lfs.findObject(oid)).toBeNull();
    expect(await storedBlobsOf(server).exists(`lfs/${oid.slice(0, 2)}/${oid.slice(2, 4)}/${oid}`)).toBe(false);

    const usageBefore = await lfsUsage();
    expect((await put(content)).status).toBe(200);
    expect(await lfsUsage()).toBe(usageBefore + content.length);
    const verify = (size: number) =>
      server.request(`alice/media.git/info/lfs/objects/${oid}/verify`, {
        method: 'POST',
        body: JSON.stringify({ oid, size }),
        headers: { 'content-type': LFS_JSON },
        auth: { token: alice.token },
      });
    expect((await verify(content.length)).status).toBe(200);
    expect((await verify(content.length + 1)).status).toBe(422);
    const download = await fetch(`${server.url}alice/media.git/info/lfs/objects/${oid}`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(content);
    // Uploading it again is announced as already present: no actions.
    const again = await batch('alice/media', { operation: 'upload', objects: [{ oid, size: content.length }] }, alice.token);
    expect(again.body.objects[0].actions).toBeUndefined();
  });

  it('authenticates like git: uploads need write access, private objects stay hidden', async () => {
    const pointer = { oid: 'a'.repeat(64), size: 1 };
    const anonymous = await batch('alice/media', { operation: 'upload', objects: [pointer] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('lfs-authenticate')).toBe('Basic realm="Bellows"');
    expect((await batch('alice/media', { operation: 'upload', objects: [pointer] }, bob.token)).status).toBe(403);
    expect((await batch('alice/hidden', { operation: 'download', objects: [pointer] }, bob.token)).status).toBe(404);
    expect((await batch('alice/hidden', { operation: 'download', objects: [pointer] })).status).toBe(401);
    const readOnly = await createTestToken(server, alice.user, 'read:repository');
    expect((await batch('alice/hidden', { operation: 'download', objects: [pointer] }, readOnly)).status).toBe(200);
    expect((await batch('alice/hidden', { operation: 'upload', objects: [pointer] }, readOnly)).status).toBe(403);
    // A transfer grant is bound to its repository and operation.
    const grant = (await batch('alice/hidden', { operation: 'upload', objects: [pointer] }, alice.token)).body.objects[0].actions.upload
      .header.Authorization;
    const elsewhere = await server.request(`alice/media.git/info/lfs/objects/${pointer.oid}`, {
      method: 'PUT',
      body: Buffer.from('a'),
      headers: { authorization: grant, 'content-type': 'application/octet-stream' },
    });
    expect(elsewhere.status).toBe(401);
  });
});
