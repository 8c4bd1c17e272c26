import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { totpCode } from '../../src/modules/auth/totp';
import { createTestToken, createTestUser, TestUser } from '../support/fixtures';
import { credentialUrl, GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

jest.setTimeout(60_000);

describe('git over smart HTTP', () => {
  let server: TestServer;
  let git: GitClient;
  let alice: TestUser;
  let bob: TestUser;
  let hello: RepositoryEntity;

  beforeAll(async () => {
    server = await startTestServer();
    git = await GitClient.create();
    alice = await createTestUser(server, { name: 'alice' });
    bob = await createTestUser(server, { name: 'bob' });
    hello = await createTestRepository(server, alice.user, { name: 'hello' });
    await createTestRepository(server, alice.user, { name: 'secret', isPrivate: true, autoInit: true });
  });
  afterAll(async () => {
    await server?.close();
    git?.remove();
  });

  const url = (path: string, user?: string, password?: string) => credentialUrl(server.url, path, user, password);
  const rowOf = async (repo: RepositoryEntity) => (await server.db.repositories.findById(repo.id))!;
  const usedBytes = async (user: TestUser) => (await server.request('/user/quota', { auth: { token: user.token } })).body.used.size;

  /** Clones, adds a commit with `files`, pushes back; returns the work tree. */
  async function commitAndPush(remote: string, files: Record<string, string | Buffer>): Promise<string> {
    const work = git.folder('work');
    await git.ok(['clone', '--quiet', remote, '.'], work);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(work, name), content);
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', `add ${Object.keys(files).join(', ')}`], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);
    return work;
  }

  it('clones an empty public repository anonymously, pushes with a token, and the size and usage grow', async () => {
    expect((await rowOf(hello)).isEmpty).toBe(true);
    const before = await usedBytes(alice);
    await commitAndPush(url('alice/hello.git', 'alice', alice.token), {
      'README.md': '# hello\n',
      'data.txt': randomBytes(20_000).toString('hex'),
    });

    const row = await rowOf(hello);
    expect(row.isEmpty).toBe(false);
    expect(row.gitSize).toBeGreaterThan(0);
    expect(row.updatedAt.getTime()).toBeGreaterThan(hello.updatedAt.getTime() - 1);
    const api = await server.request('/repos/alice/hello', { auth: { token: alice.token } });
    expect(api.status).toBe(200);
    expect(api.body.size).toBe(Math.floor(row.gitSize / 1024)); // KiB, as Forgejo
    expect(api.body.size).toBeGreaterThan(0);
    expect(api.body.empty).toBe(false);
    const after = await usedBytes(alice);
    expect(after.repos.public - before.repos.public).toBe(row.gitSize - hello.gitSize);

    const anonymous = git.folder('anonymous');
    await git.ok(['clone', '--quiet', url('alice/hello'), '.'], anonymous); // without ".git" too
    expect(readFileSync(join(anonymous, 'README.md'), 'utf8')).toBe('# hello\n');
  });

  it('serves the protocol headers git expects and refuses the dumb protocol', async () => {
    const refs = await fetch(url('alice/hello.git/info/refs?service=git-upload-pack'));
    expect(refs.status).toBe(200);
    expect(refs.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
    expect(refs.headers.get('cache-control')).toContain('no-cache');
    expect((await refs.text()).startsWith('001e# service=git-upload-pack\n0000')).toBe(true);
    const dumb = await server.request('alice/hello.git/info/refs');
    expect(dumb.status).toBe(400);
    expect(dumb.body.message).toContain('service=git-upload-pack');
    const wrongType = await fetch(url('alice/hello.git/git-upload-pack'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '0000',
    });
    expect(wrongType.status).toBe(415);
    expect((await fetch(url('alice/bad..name.git/info/refs?service=git-upload-pack'))).status).toBe(400);
  });

  it('accepts a gzip-compressed upload-pack request', async () => {
    const head = (await git.ok(['ls-remote', url('alice/hello.git'), 'refs/heads/main'], git.home)).split('\t')[0];
    const pkt = (line: string) => `${(line.length + 4).toString(16).padStart(4, '0')}${line}`;
    const request = `${pkt(`want ${head}\n`)}0000${pkt('done\n')}`;
    const response = await fetch(url('alice/hello.git/git-upload-pack'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'gzip' },
      body: gzipSync(Buffer.from(request)),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 8).toString()).toBe('0008NAK\n');
    expect(body.includes(Buffer.from('PACK'))).toBe(true);
  });

  it('ends a failed upload-pack answer with a reset connection, never as if it were complete', async () => {
    // As git's HTTP client (curl) sees it: the answer's end is the connection's, so a failure must reset it.
    const answer = new Promise<number>((resolve, reject) => {
      const request = httpRequest(url('alice/hello.git/git-upload-pack'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-git-upload-pack-request' },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        response.on('error', reject);
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.end('garbage that is no pkt-line');
    });
    await expect(answer).rejects.toThrow();
  });

  it('asks anonymous pushers to sign in (401 with a Basic challenge)', async () => {
    const refs = await fetch(url('alice/hello.git/info/refs?service=git-receive-pack'));
    expect(refs.status).toBe(401);
    expect(refs.headers.get('www-authenticate')).toBe('Basic realm="Bellows"');
    const work = git.folder('anonymous-push');
    await git.ok(['clone', '--quiet', url('alice/hello.git'), '.'], work);
    writeFileSync(join(work, 'more.txt'), 'more');
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'more'], work);
    const pushed = await git.run(['push', 'origin', 'HEAD:main'], work);
    expect(pushed.code).not.toBe(0);
    expect(pushed.stderr).toMatch(/could not read Username|Authentication failed/);
  });

  it('hides a private repository: 401 prompt for anonymous callers, 404 for a user without access, clone for the owner', async () => {
    const anonymous = await fetch(url('alice/secret.git/info/refs?service=git-upload-pack'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="Bellows"');
    const asBob = await server.request('alice/secret.git/info/refs?service=git-upload-pack', { auth: { token: bob.token } });
    expect(asBob.status).toBe(404);
    expect((await git.run(['clone', url('alice/secret.git', 'bob', bob.token), '.'], git.folder('bob'))).stderr).toContain('not found');
    expect((await git.run(['clone', url('alice/secret.git'), '.'], git.folder('anon'))).code).not.toBe(0);
    const mine = git.folder('alice');
    await git.ok(['clone', '--quiet', url('alice/secret.git', 'alice', alice.token), '.'], mine);
    expect(readFileSync(join(mine, 'README.md'), 'utf8')).toContain('secret');
    // A missing repository looks the same as a hidden one.
    expect((await server.request('alice/nothing.git/info/refs?service=git-upload-pack', { auth: { token: bob.token } })).status).toBe(404);
  });

  it('needs write:repository on a token to push and read:repository to fetch; a reader may not push (403)', async () => {
    const readOnly = await createTestToken(server, alice.user, 'read:repository');
    const work = git.folder('read-only');
    await git.ok(['clone', '--quiet', url('alice/secret.git', 'alice', readOnly), '.'], work);
    const refused = await server.request('alice/secret.git/info/refs?service=git-receive-pack', { auth: { basic: ['alice', readOnly] } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('write:repository');
    const unrelated = await createTestToken(server, alice.user, 'read:user');
    expect((await server.request('alice/secret.git/info/refs?service=git-upload-pack', { auth: { token: unrelated } })).status).toBe(403);
    // bob may read the public repository, not push to it
    expect((await server.request('alice/hello.git/info/refs?service=git-receive-pack', { auth: { token: bob.token } })).status).toBe(403);
  });

  it('takes a token, not a password, from a user with two-factor sign-in on: a one-time code serves one request, a git command makes several', async () => {
    const carol = await createTestUser(server, { name: 'carol' });
    const totpSecret = (await server.request('/user/twofactor/totp', { method: 'POST', auth: { token: carol.token } })).body.secret;
    expect(
      (
        await server.request('/user/twofactor/totp/confirm', {
          method: 'POST',
          auth: { token: carol.token },
          body: { passcode: totpCode(totpSecret) },
        })
      ).status,
    ).toBe(204);
    await createTestRepository(server, carol.user, { name: 'guarded', isPrivate: true, autoInit: true });
    const withPassword = url('carol/guarded.git', 'carol', carol.password);
    const nextCode = totpCode(totpSecret, new Date(Date.now() + 30_000));

    // Refused with or without a code, saying what to use instead; the code is not spent.
    const refused = await server.request('carol/guarded.git/info/refs?service=git-upload-pack', {
      auth: { basic: ['carol', carol.password] },
      headers: { 'X-Forgejo-OTP': nextCode },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/access token/);
    const cloneWithCode = await git.run(
      ['-c', `http.extraHeader=X-Forgejo-OTP: ${nextCode}`, 'clone', '--quiet', withPassword, '.'],
      git.folder('otp-refused'),
    );
    expect(cloneWithCode.code).not.toBe(0);
    expect(cloneWithCode.stderr).toMatch(/Authentication failed|401/);
    expect(
      (await server.request('/user', { auth: { basic: ['carol', carol.password] }, headers: { 'X-Forgejo-OTP': nextCode } })).status,
    ).toBe(200);

    // A token as the password works as for anyone.
    const work = git.folder('otp');
    await git.ok(['clone', '--quiet', url('carol/guarded.git', 'carol', carol.token), '.'], work);
    writeFileSync(join(work, 'otp.txt'), 'with a token');
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'otp'], work);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work);
    const check = git.folder('check');
    await git.ok(['clone', '--quiet', url('carol/guarded.git', 'carol', carol.token), '.'], check);
    expect(readFileSync(join(check, 'otp.txt'), 'utf8')).toBe('with a token');
  });

  it('creates the wiki on its first push, clones it back, and does not count it for quota', async () => {
    const before = await rowOf(hello);
    const usage = await usedBytes(alice);
    expect((await server.request('alice/hello.wiki.git/info/refs?service=git-upload-pack', { auth: { token: alice.token } })).status).toBe(
      404,
    );
    const work = git.folder('wiki');
    await git.ok(['init', '--quiet', '-b', 'main', '.'], work);
    writeFileSync(join(work, 'Home.md'), '# Welcome\n');
    await git.ok(['add', '.'], work);
    await git.ok(['commit', '--quiet', '-m', 'wiki home'], work);
    await git.ok(['push', '--quiet', url('alice/hello.wiki.git', 'alice', alice.token), 'HEAD:main'], work);

    const clone = git.folder('wiki-clone');
    await git.ok(['clone', '--quiet', url('alice/hello.wiki.git'), '.'], clone);
    expect(readFileSync(join(clone, 'Home.md'), 'utf8')).toBe('# Welcome\n');
    expect((await rowOf(hello)).gitSize).toBe(before.gitSize);
    expect(await usedBytes(alice)).toEqual(usage);
    // the wiki of a private repository is as hidden as the repository
    expect((await server.request('alice/secret.wiki.git/info/refs?service=git-upload-pack', { auth: { token: bob.token } })).status).toBe(
      404,
    );
  });
});
