import { createHash, randomBytes } from 'crypto';
import { request as httpRequest } from 'http';
import { totpCode } from '../../src/modules/auth/totp';
import { createTestToken, createTestUser, TestUser } from '../support/fixtures';
import { sendRaw } from '../support/raw-request';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';
import { storedBlobsOf } from '../support/test-storage';

/** Every blob and unfinished upload the server stored (files, or objects of the object store). */
async function storedFiles(server: TestServer): Promise<string[]> {
  const blobs = storedBlobsOf(server);
  return [...(await blobs.keys()), ...(await blobs.temporary())];
}

describe('generic package registry', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  const fileUrl = (owner: string, name: string, version: string, file: string) =>
    `/api/packages/${owner}/generic/${name}/${version}/${file}`;
  const packagesUsage = async (user: TestUser) =>
    (await server.request('/user/quota', { auth: { token: user.token } })).body.used.size.assets.packages.all;
  const upload = (user: TestUser | null, url: string, body: Buffer | string) =>
    server.request(url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/octet-stream' },
      ...(user ? { auth: { token: user.token } } : {}),
    });

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('stores an upload (201), serves it byte for byte, refuses a second one (409), counts it and frees it on delete', async () => {
    const content = randomBytes(70_000);
    const url = fileUrl(alice.name, 'tool', '1.0.0', 'tool-linux.bin');
    expect((await upload(alice, url, content)).status).toBe(201);
    expect((await upload(alice, url, Buffer.from('other'))).status).toBe(409);

    const download = await fetch(`${server.url}${url.slice(1)}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    expect(await packagesUsage(alice)).toBe(content.length);

    // The md5, sha1 and sha512 are computed when first asked for: two requests at once both get them, and so does a later one.
    const filesUrl = `/packages/${alice.name}/generic/tool/1.0.0/files`;
    const listings = await Promise.all([1, 2].map(() => server.request(filesUrl, { auth: { token: alice.token } })));
    const expected = [
      expect.objectContaining({
        name: 'tool-linux.bin',
        Size: content.length,
        md5: createHash('md5').update(content).digest('hex'),
        sha1: createHash('sha1').update(content).digest('hex'),
        sha256: createHash('sha256').update(content).digest('hex'),
        sha512: createHash('sha512').update(content).digest('hex'),
      }),
    ];
    for (const files of [...listings, await server.request(filesUrl, { auth: { token: alice.token } })]) {
      expect(files.status).toBe(200);
      expect(files.body).toEqual(expected);
    }

    const deleted = await server.request(url, { method: 'DELETE', auth: { token: alice.token } });
    expect(deleted.status).toBe(204);
    expect((await server.request(url)).status).toBe(404);
    expect((await server.request(`/packages/${alice.name}/generic/tool/1.0.0`, { auth: { token: alice.token } })).status).toBe(404);
    expect(await packagesUsage(alice)).toBe(0);
    expect(await storedBlobsOf(server).keys('packages')).toEqual([]);
  });

  it('refuses bad names, versions and file names with 400', async () => {
    for (const url of [
      fileUrl(alice.name, 'bad%20name', '1.0.0', 'f.txt'),
      fileUrl(alice.name, 'pkg', 'v%2F1', 'f.txt'),
      fileUrl(alice.name, 'pkg', '1.0.0', 'star*.txt'),
      fileUrl(alice.name, 'pkg', '1.0.0', 'a%2Fb'),
    ]) {
      const response = await upload(alice, url, 'x');
      expect({ url, status: response.status }).toEqual({ url, status: 400 });
      expect(response.body.message).toMatch(/invalid/);
    }
  });

  describe('finding 7: `..` and `.` are refused as generic package name and version', () => {
    // A client may send the dot segments literally (curl --path-as-is, any raw HTTP
    // client: fetch would normalise them away) or percent-encoded; both reach the route.
    const forms = (segment: '.' | '..') => [segment, segment.replace(/\./g, '%2e'), segment.replace(/\./g, '%2E')];

    it.each([
      ...forms('..').map((name) => ['name', name, '1.0.0', 'f.txt', /invalid package name/]),
      ...forms('.').map((name) => ['name', name, '1.0.0', 'f.txt', /invalid package name/]),
      ...forms('..').map((version) => ['version', 'pkg', version, 'f.txt', /invalid package version/]),
      ...forms('.').map((version) => ['version', 'pkg', version, 'f.txt', /invalid package version/]),
      ...forms('..').map((file) => ['file name', 'pkg', '1.0.0', file, /invalid file name/]),
      ...forms('.').map((file) => ['file name', 'pkg', '1.0.0', file, /invalid file name/]),
    ] as Array<[string, string, string, string, RegExp]>)(
      'refuses %s %s/%s/%s with 400 and stores nothing',
      async (_what, name, version, file, message) => {
        const owner = await createTestUser(server);
        const headers = { authorization: `token ${owner.token}`, 'content-type': 'application/octet-stream' };
        const put = await sendRaw(server.url, {
          method: 'PUT',
          path: `/api/packages/${owner.name}/generic/${name}/${version}/${file}`,
          headers,
          body: 'x',
        });
        expect({ status: put.status, message: put.json?.message }).toEqual({ status: 400, message: expect.stringMatching(message) });
        const listed = await server.request(`/packages/${owner.name}`, { auth: { token: owner.token } });
        expect(listed.body).toEqual([]);
        expect(await packagesUsage(owner)).toBe(0);
      },
    );

    it.each([...forms('..'), ...forms('.')])('refuses to delete version %s of a package (400)', async (version) => {
      const path = `/api/packages/${alice.name}/generic/pkg/${version}`;
      const response = await sendRaw(server.url, { method: 'DELETE', path, headers: { authorization: `token ${alice.token}` } });
      expect({ status: response.status, message: response.json?.message }).toEqual({
        status: 400,
        message: expect.stringMatching(/invalid package version/),
      });
    });

    it('refuses what Forgejo refuses: one-character names that are not a letter or digit, file names with surrounding spaces', async () => {
      const owner = await createTestUser(server);
      for (const url of [
        fileUrl(owner.name, '-', '1.0.0', 'f.txt'),
        fileUrl(owner.name, '_', '1.0.0', 'f.txt'),
        fileUrl(owner.name, '+', '1.0.0', 'f.txt'),
        fileUrl(owner.name, 'pkg', '1.0.0', '%20f.txt'),
        fileUrl(owner.name, 'pkg', '1.0.0', 'f.txt%20'),
      ]) {
        const response = await upload(owner, url, 'x');
        expect({ url, status: response.status }).toEqual({ url, status: 400 });
        expect(response.body.message).toMatch(/invalid/);
      }
      // and still takes dots inside names and versions, and one-letter names
      expect((await upload(owner, fileUrl(owner.name, 'a', '1.0.0', 'f.txt'), 'x')).status).toBe(201);
      expect((await upload(owner, fileUrl(owner.name, 'a..b', '..1', '...'), 'x')).status).toBe(201);
      expect(
        (await server.request(`/packages/${owner.name}`, { auth: { token: owner.token } })).body
          .map((p: { name: string; version: string }) => `${p.name} ${p.version}`)
          .sort(),
      ).toEqual(['a 1.0.0', 'a..b ..1']);
    });
  });

  it('deletes a whole version and frees its usage', async () => {
    await upload(alice, fileUrl(alice.name, 'multi', '2.0.0', 'a.txt'), 'aaaa');
    await upload(alice, fileUrl(alice.name, 'multi', '2.0.0', 'b.txt'), 'bbbbbb');
    expect(await packagesUsage(alice)).toBe(10);
    expect(
      (await server.request(`/api/packages/${alice.name}/generic/multi/2.0.0`, { method: 'DELETE', auth: { token: alice.token } })).status,
    ).toBe(204);
    expect(await packagesUsage(alice)).toBe(0);
    expect((await server.request(fileUrl(alice.name, 'multi', '2.0.0', 'a.txt'))).status).toBe(404);
  });

  it('needs write:package and write permission on the owner to upload', async () => {
    const readOnly = await createTestToken(server, alice.user, 'read:package');
    const url = fileUrl(alice.name, 'guarded', '1.0.0', 'f.txt');
    const refused = await server.request(url, { method: 'PUT', body: 'x', auth: { token: readOnly } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('write:package');
    expect((await upload(bob, url, 'x')).status).toBe(403);
    expect((await upload(null, url, 'x')).status).toBe(401);
    expect(await packagesUsage(alice)).toBe(0);
  });

  it('applies the two-factor check to Basic sign-in with a password', async () => {
    const carol = await createTestUser(server);
    const secret = (await server.request('/user/twofactor/totp', { method: 'POST', auth: { token: carol.token } })).body.secret;
    expect(
      (
        await server.request('/user/twofactor/totp/confirm', {
          method: 'POST',
          auth: { token: carol.token },
          body: { passcode: totpCode(secret) },
        })
      ).status,
    ).toBe(204);
    const url = fileUrl(carol.name, 'otp', '1.0.0', 'f.txt');
    const withoutCode = await server.request(url, { method: 'PUT', body: 'x', auth: { basic: [carol.name, carol.password] } });
    expect(withoutCode.status).toBe(401);
    // The confirmation used the current step's code; each code is accepted once, so send the next step's.
    const nextCode = totpCode(secret, new Date(Date.now() + 30_000));
    const withCode = await server.request(url, {
      method: 'PUT',
      body: 'x',
      auth: { basic: [carol.name, carol.password] },
      headers: { 'X-Forgejo-OTP': nextCode },
    });
    expect(withCode.status).toBe(201);
    const replayed = await server.request(url.replace('f.txt', 'g.txt'), {
      method: 'PUT',
      body: 'x',
      auth: { basic: [carol.name, carol.password] },
      headers: { 'X-Forgejo-OTP': nextCode },
    });
    expect(replayed.status).toBe(401);
  });

  it('hides the packages of a private owner and of a private linked repository from outsiders (404)', async () => {
    const hidden = await createTestUser(server);
    await server.db.owners.update(hidden.user.id, { visibility: 'private' });
    const url = fileUrl(hidden.name, 'secret', '1.0.0', 'f.txt');
    expect((await upload(hidden, url, 'secret')).status).toBe(201);
    expect((await server.request(url)).status).toBe(404);
    expect((await server.request(url, { auth: { token: bob.token } })).status).toBe(404);
    expect((await server.request(`/packages/${hidden.name}`, { auth: { token: bob.token } })).status).toBe(404);
    expect((await server.request(url, { auth: { token: hidden.token } })).status).toBe(200);

    const repo = await createTestRepository(server, alice.user, { name: 'private-home', isPrivate: true });
    const linkedUrl = fileUrl(alice.name, 'linked', '1.0.0', 'f.txt');
    expect((await upload(alice, linkedUrl, 'linked')).status).toBe(201);
    expect(
      (await server.request(`/packages/${alice.name}/generic/linked/-/link/${repo.name}`, { method: 'POST', auth: { token: alice.token } }))
        .status,
    ).toBe(201);
    expect((await server.request(linkedUrl, { auth: { token: bob.token } })).status).toBe(404);
    expect((await server.request(`/packages/${alice.name}/generic/linked/1.0.0`, { auth: { token: bob.token } })).status).toBe(404);
    const bobsList = await server.request(`/packages/${alice.name}?type=generic`, { auth: { token: bob.token } });
    expect(bobsList.body.map((p: any) => p.name)).not.toContain('linked');
    const own = await server.request(`/packages/${alice.name}/generic/linked/1.0.0`, { auth: { token: alice.token } });
    expect(own.body.repository.name).toBe('private-home');

    expect(
      (await server.request(`/packages/${alice.name}/generic/linked/-/unlink`, { method: 'POST', auth: { token: alice.token } })).status,
    ).toBe(201);
    expect((await server.request(linkedUrl, { auth: { token: bob.token } })).status).toBe(200);
    await server.request(`/api/packages/${alice.name}/generic/linked/1.0.0`, { method: 'DELETE', auth: { token: alice.token } });
  });

  it('leaves no file, row or usage behind when the client goes away mid-upload', async () => {
    const before = await storedFiles(server);
    const target = new URL(server.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: target.hostname,
        port: target.port,
        method: 'PUT',
        path: fileUrl(alice.name, 'aborted', '1.0.0', 'big.bin'),
        headers: {
          authorization: `token ${alice.token}`,
          'content-type': 'application/octet-stream',
          'content-length': String(10 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve());
      req.write(randomBytes(256 * 1024));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await storedFiles(server)).toEqual(before);
    expect((await server.request(`/packages/${alice.name}?q=aborted`, { auth: { token: alice.token } })).body).toEqual([]);
    expect(await packagesUsage(alice)).toBe(0);
  });
});
