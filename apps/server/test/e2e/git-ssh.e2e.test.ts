import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { bellows } from '../support/cli';
import { createTestUser, TestUser } from '../support/fixtures';
import { iniText } from '../support/ini-text';
import { GitClient } from '../support/git-client';
import { createTestRepository } from '../support/repositories';
import { freePort, startTestServer, TestServer } from '../support/test-server';

/**
 * Git over SSH (issue 13) with the real `ssh` and `git` clients: keys made by
 * ssh-keygen and added through the API, the server's host key pinned in a
 * known_hosts file (StrictHostKeyChecking=yes), clone and push as users and
 * deploy keys, and what is refused.
 */
describe('git over SSH', () => {
  let server: TestServer;
  let git: GitClient;
  let keysDir: string;
  let sshPort: number;
  let alice: TestUser;
  let bob: TestUser;
  let secret: RepositoryEntity;
  const hostKeyFile = () => join(keysDir, 'host', 'bellows.ed25519');

  beforeAll(async () => {
    keysDir = mkdtempSync(join(tmpdir(), 'bellows-ssh-'));
    sshPort = await freePort();
    server = await startSshServer();
    git = await GitClient.create();
    alice = await createTestUser(server, { name: 'alice' });
    bob = await createTestUser(server, { name: 'bob' });
    secret = await createTestRepository(server, alice.user, { name: 'secret', isPrivate: true, autoInit: true });
    writeKnownHosts();
  });
  afterAll(async () => {
    await server?.close();
    git?.remove();
    rmSync(keysDir, { recursive: true, force: true });
  });

  function startSshServer(): Promise<TestServer> {
    return startTestServer({
      SERVER__START_SSH_SERVER: 'true',
      SERVER__SSH_PORT: String(sshPort),
      SERVER__SSH_LISTEN_HOST: '127.0.0.1',
      SERVER__SSH_DOMAIN: '127.0.0.1',
      SERVER__SSH_SERVER_HOST_KEYS: hostKeyFile(),
    });
  }

  /** The server's public host key, as a client pins it. */
  function writeKnownHosts(): void {
    const [type, blob] = readFileSync(`${hostKeyFile()}.pub`, 'utf8').trim().split(/\s+/);
    writeFileSync(join(keysDir, 'known_hosts'), `[127.0.0.1]:${sshPort} ${type} ${blob}\n`);
  }

  let keyCounter = 0;
  /** A new key pair made by ssh-keygen: its private key file and its public line. */
  function newKey(type: 'ed25519' | 'rsa' = 'ed25519', bits?: number): { file: string; publicKey: string; fingerprint: string } {
    const file = join(keysDir, `key${keyCounter++}`);
    execFileSync('ssh-keygen', ['-q', '-t', type, ...(bits ? ['-b', String(bits)] : []), '-N', '', '-C', 'me@laptop', '-f', file]);
    const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`], { encoding: 'utf8' }).split(' ')[1];
    return { file, publicKey: readFileSync(`${file}.pub`, 'utf8').trim(), fingerprint };
  }

  const sshOptions = (keyFile: string) => [
    '-F',
    '/dev/null',
    '-i',
    keyFile,
    '-o',
    'IdentitiesOnly=yes',
    '-o',
    `UserKnownHostsFile=${join(keysDir, 'known_hosts')}`,
    '-o',
    'GlobalKnownHostsFile=/dev/null',
    '-o',
    'StrictHostKeyChecking=yes',
    '-o',
    'BatchMode=yes',
    '-o',
    'LogLevel=ERROR',
    '-p',
    String(sshPort),
  ];
  const gitSsh = (keyFile: string) => ({ GIT_SSH_COMMAND: ['ssh', ...sshOptions(keyFile)].join(' ') });
  const sshUrl = (path: string) => `ssh://git@127.0.0.1:${sshPort}/${path}`;

  /** Runs `ssh git@127.0.0.1 <command>` with the key; its exit code and output. */
  function ssh(keyFile: string, ...command: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return sshAs('git', keyFile, ...command);
  }

  function sshAs(user: string, keyFile: string, ...command: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn('ssh', [...sshOptions(keyFile), '-T', `${user}@127.0.0.1`, ...command], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  }

  async function addUserKey(user: TestUser, publicKey: string, title = `laptop ${keyCounter}`) {
    return server.request('/user/keys', { method: 'POST', auth: { token: user.token }, body: { title, key: publicKey } });
  }

  describe('the keys API', () => {
    it("adds, lists, reads and deletes the caller's keys with Forgejo's fields", async () => {
      const key = newKey();
      const created = await addUserKey(alice, `${key.publicKey}\n`, 'laptop');
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: 'laptop',
        key: key.publicKey.split(' ').slice(0, 2).join(' '),
        fingerprint: key.fingerprint,
        key_type: 'user',
        read_only: false,
        url: `${server.url}api/v1/user/keys/${created.body.id}`,
        user: { login: 'alice' },
      });
      const id = created.body.id;
      const listed = await server.request('/user/keys', { auth: { token: alice.token } });
      expect(listed.body.map((k: { id: number }) => k.id)).toContain(id);
      const byFingerprint = await server.request(`/user/keys?fingerprint=${encodeURIComponent(key.fingerprint)}`, {
        auth: { token: alice.token },
      });
      expect(byFingerprint.body.map((k: { id: number }) => k.id)).toEqual([id]);
      expect((await server.request(`/user/keys/${id}`, { auth: { token: alice.token } })).body.fingerprint).toBe(key.fingerprint);

      const seenByOthers = await server.request('/users/alice/keys');
      expect(seenByOthers.status).toBe(200);
      const shown = seenByOthers.body.find((k: { id: number }) => k.id === id);
      expect(shown).toMatchObject({ fingerprint: key.fingerprint });
      expect(shown.user).toBeUndefined();

      expect((await server.request(`/user/keys/${id}`, { auth: { token: bob.token } })).status).toBe(404);
      expect((await server.request(`/user/keys/${id}`, { method: 'DELETE', auth: { token: bob.token } })).status).toBe(404);
      expect((await server.request(`/user/keys/${id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(204);
      expect((await server.request(`/user/keys/${id}`, { auth: { token: alice.token } })).status).toBe(404);
      expect((await server.request('/users/nobody-here/keys')).status).toBe(404);
    });

    it('refuses what is not an acceptable public key, and the same key twice, with 422', async () => {
      const garbage = await addUserKey(alice, 'ssh-ed25519 not-base64-at-all');
      expect(garbage.status).toBe(422);
      expect(garbage.body.message).toMatch(/invalid key content/);
      const privateKey = newKey();
      const leaked = await addUserKey(alice, readFileSync(privateKey.file, 'utf8'));
      expect(leaked.status).toBe(422);
      expect(leaked.body.message).toMatch(/private key/);
      const weak = await addUserKey(alice, newKey('rsa', 2048).publicKey);
      expect(weak.status).toBe(422);
      expect(weak.body.message).toMatch(/at least 3072 bits/);
      expect((await server.request('/user/keys', { method: 'POST', auth: { token: alice.token }, body: { title: 'x' } })).status).toBe(422);

      const key = newKey();
      expect((await addUserKey(alice, key.publicKey)).status).toBe(201);
      const again = await addUserKey(alice, key.publicKey, 'again');
      expect(again.status).toBe(422);
      expect(again.body.message).toMatch(/key content has been used/);
      expect((await addUserKey(alice, newKey().publicKey, 'twice')).status).toBe(201);
      const sameTitle = await addUserKey(alice, newKey().publicKey, 'twice');
      expect(sameTitle.status).toBe(422);
      expect(sameTitle.body.message).toMatch(/key title "twice" has been used/);
      expect((await addUserKey(bob, key.publicKey)).status).toBe(422);
      const asDeployKey = await server.request('/repos/alice/secret/keys', {
        method: 'POST',
        auth: { token: alice.token },
        body: { title: 'ci', key: key.publicKey },
      });
      expect(asDeployKey.status).toBe(422);
    });

    it("hides a private user's keys from those who may not see the user", async () => {
      const admin = await createTestUser(server, { admin: true });
      const hidden = await createTestUser(server);
      expect((await addUserKey(hidden, newKey().publicKey)).status).toBe(201);
      const made = await server.request(`/admin/users/${hidden.name}`, {
        method: 'PATCH',
        auth: { token: admin.token },
        body: { login_name: hidden.name, visibility: 'private' },
      });
      expect(made.status).toBe(200);
      expect((await server.request(`/users/${hidden.name}/keys`)).status).toBe(404);
      expect((await server.request(`/users/${hidden.name}/keys`, { auth: { token: bob.token } })).status).toBe(404);
      const asAdmin = await server.request(`/users/${hidden.name}/keys`, { auth: { token: admin.token } });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toHaveLength(1);
    });

    it("lets a site administrator add and delete a user's key", async () => {
      const admin = await createTestUser(server, { admin: true });
      const key = newKey();
      const created = await server.request('/admin/users/bob/keys', {
        method: 'POST',
        auth: { token: admin.token },
        body: { title: 'from the admin', key: key.publicKey },
      });
      expect(created.status).toBe(201);
      expect(created.body.user.login).toBe('bob');
      expect((await server.request(`/user/keys/${created.body.id}`, { auth: { token: bob.token } })).status).toBe(200);
      const asUser = await server.request('/admin/users/bob/keys', {
        method: 'POST',
        auth: { token: bob.token },
        body: { title: 't', key: newKey().publicKey },
      });
      expect(asUser.status).toBe(403);
      expect(
        (await server.request(`/admin/users/alice/keys/${created.body.id}`, { method: 'DELETE', auth: { token: admin.token } })).status,
      ).toBe(404);
      expect(
        (await server.request(`/admin/users/bob/keys/${created.body.id}`, { method: 'DELETE', auth: { token: admin.token } })).status,
      ).toBe(204);
      expect((await server.request(`/user/keys/${created.body.id}`, { auth: { token: bob.token } })).status).toBe(404);
    });

    it("keeps a repository's deploy keys to its administrators", async () => {
      const key = newKey();
      const base = '/repos/alice/secret/keys';
      const created = await server.request(base, {
        method: 'POST',
        auth: { token: alice.token },
        body: { title: 'ci', key: key.publicKey, read_only: true },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        key_id: created.body.id,
        title: 'ci',
        fingerprint: key.fingerprint,
        read_only: true,
        url: `${server.url}api/v1/repos/alice/secret/keys/${created.body.id}`,
        repository: { full_name: 'alice/secret' },
      });
      expect((await server.request(base, { auth: { token: alice.token } })).body.map((k: { id: number }) => k.id)).toContain(
        created.body.id,
      );
      expect((await server.request(`${base}/${created.body.id}`, { auth: { token: alice.token } })).body.read_only).toBe(true);
      expect((await server.request(base, { auth: { token: bob.token } })).status).toBe(404); // private: bob cannot see it
      expect((await server.request(`${base}/${created.body.id}`, { method: 'DELETE', auth: { token: bob.token } })).status).toBe(404);
      expect((await server.request(`${base}/${created.body.id}`, { method: 'DELETE', auth: { token: alice.token } })).status).toBe(204);
      expect((await server.request(`${base}/${created.body.id}`, { auth: { token: alice.token } })).status).toBe(404);
    });
  });

  it('lets repositories and users with keys be deleted, and their keys with them', async () => {
    const admin = await createTestUser(server, { admin: true });
    const carol = await createTestUser(server);
    const repo = await createTestRepository(server, carol.user, { name: 'short-lived' });
    const deploy = newKey();
    const created = await server.request(`/repos/${carol.name}/short-lived/keys`, {
      method: 'POST',
      auth: { token: carol.token },
      body: { title: 'ci', key: deploy.publicKey },
    });
    expect(created.status).toBe(201);
    const userKey = newKey();
    expect((await addUserKey(carol, userKey.publicKey)).status).toBe(201);

    expect((await server.request(`/repos/${carol.name}/short-lived`, { method: 'DELETE', auth: { token: carol.token } })).status).toBe(204);
    expect(await server.db.sshKeys.findByRepositoryAndId(repo.id, created.body.id)).toBeNull();
    expect((await server.request(`/admin/users/${carol.name}`, { method: 'DELETE', auth: { token: admin.token } })).status).toBe(204);
    expect(await server.db.sshKeys.findByFingerprint(userKey.fingerprint)).toEqual([]);
  });

  describe('the SSH server', () => {
    let aliceKey: ReturnType<typeof newKey>;
    let bobKey: ReturnType<typeof newKey>;

    beforeAll(async () => {
      aliceKey = newKey();
      bobKey = newKey();
      expect((await addUserKey(alice, aliceKey.publicKey)).status).toBe(201);
      expect((await addUserKey(bob, bobKey.publicKey)).status).toBe(201);
    });

    it('fills ssh_url with the SSH server on', async () => {
      const repo = await server.request('/repos/alice/secret', { auth: { token: alice.token } });
      expect(repo.body.ssh_url).toBe(sshUrl('alice/secret.git'));
    });

    it("clones a private repository with its owner's key and pushes; the size is counted and equals a recount", async () => {
      const work = git.folder('ssh-clone');
      await git.ok(['clone', '--quiet', sshUrl('alice/secret.git'), '.'], work, gitSsh(aliceKey.file));
      expect(readFileSync(join(work, 'README.md'), 'utf8')).toContain('secret');

      const before = (await server.request('/user/quota', { auth: { token: alice.token } })).body.used.size.repos.private;
      writeFileSync(join(work, 'data.txt'), randomBytes(40_000).toString('hex'));
      await git.ok(['add', '.'], work);
      await git.ok(['commit', '--quiet', '-m', 'data over ssh'], work);
      await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], work, gitSsh(aliceKey.file));

      const row = (await server.db.repositories.findById(secret.id))!;
      expect(row.gitSize).toBeGreaterThan(secret.gitSize + 40_000);
      const after = (await server.request('/user/quota', { auth: { token: alice.token } })).body.used.size.repos.private;
      expect(after - before).toBe(row.gitSize - secret.gitSize);
      expect(await server.db.quotaRecount.differences()).toEqual([]);

      const again = git.folder('ssh-clone-again');
      await git.ok(['clone', '--quiet', `git@127.0.0.1:alice/secret`, '.'], again, {
        GIT_SSH_COMMAND: `ssh ${sshOptions(aliceKey.file).join(' ')}`,
      });
      expect(readFileSync(join(again, 'data.txt'), 'utf8')).toHaveLength(80_000);
    });

    it("pushes a repository's wiki over SSH, which then shows in the wiki API", async () => {
      const work = git.folder('wiki');
      await git.ok(['init', '--quiet', '.'], work);
      writeFileSync(join(work, 'Home.md'), '# Welcome\n');
      await git.ok(['add', '.'], work);
      await git.ok(['commit', '--quiet', '-m', 'wiki home'], work);
      await git.ok(['push', '--quiet', sshUrl('alice/secret.wiki.git'), 'HEAD:main'], work, gitSsh(aliceKey.file));
      const pages = await server.request('/repos/alice/secret/wiki/pages', { auth: { token: alice.token } });
      expect(pages.status).toBe(200);
      expect(pages.body.map((page: { title: string }) => page.title)).toContain('Home');
    });

    it("hides a private repository from a stranger's key and refuses an unknown key", async () => {
      const stranger = await git.run(['clone', sshUrl('alice/secret.git'), git.folder('stranger')], keysDir, gitSsh(bobKey.file));
      expect(stranger.code).not.toBe(0);
      expect(stranger.stderr).toMatch(/repository alice\/secret does not exist/);

      const unknown = newKey();
      const refused = await git.run(['clone', sshUrl('alice/secret.git'), git.folder('unknown')], keysDir, gitSsh(unknown.file));
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/Permission denied \(publickey\)/);
    });

    it("lets a stranger's key clone a public repository but not push to it, and only as SSH_USER", async () => {
      await createTestRepository(server, alice.user, { name: 'open', autoInit: true });
      const work = git.folder('stranger-open');
      await git.ok(['clone', '--quiet', sshUrl('alice/open.git'), '.'], work, gitSsh(bobKey.file));
      writeFileSync(join(work, 'bob.txt'), 'from bob\n');
      await git.ok(['add', '.'], work);
      await git.ok(['commit', '--quiet', '-m', 'bob'], work);
      const push = await git.run(['push', 'origin', 'HEAD:main'], work, gitSsh(bobKey.file));
      expect(push.code).not.toBe(0);
      expect(push.stderr).toMatch(/you may not write to alice\/open/);

      const otherUser = await sshAs('alice', aliceKey.file, 'git-upload-pack', 'alice/open.git');
      expect(otherUser.code).not.toBe(0);
      expect(otherUser.stderr).toMatch(/Permission denied \(publickey\)/);
    });

    it('lets a read-only deploy key clone its repository but not push, and open no other', async () => {
      const deploy = newKey();
      const created = await server.request('/repos/alice/secret/keys', {
        method: 'POST',
        auth: { token: alice.token },
        body: { title: 'ci', key: deploy.publicKey, read_only: true },
      });
      expect(created.status).toBe(201);
      const work = git.folder('deploy');
      await git.ok(['clone', '--quiet', sshUrl('alice/secret.git'), '.'], work, gitSsh(deploy.file));
      writeFileSync(join(work, 'ci.txt'), 'from ci\n');
      await git.ok(['add', '.'], work);
      await git.ok(['commit', '--quiet', '-m', 'ci'], work);
      const push = await git.run(['push', 'origin', 'HEAD:main'], work, gitSsh(deploy.file));
      expect(push.code).not.toBe(0);
      expect(push.stderr).toMatch(/deploy key is read-only/);

      await createTestRepository(server, alice.user, { name: 'other', isPrivate: true, autoInit: true });
      const other = await git.run(['clone', sshUrl('alice/other.git'), git.folder('deploy-other')], keysDir, gitSsh(deploy.file));
      expect(other.code).not.toBe(0);
      expect(other.stderr).toMatch(/does not exist/);
    });

    it('lets a read-write deploy key push, into an empty repository too; the size is counted', async () => {
      const empty = await createTestRepository(server, alice.user, { name: 'fresh', isPrivate: true });
      const deploy = newKey();
      const created = await server.request('/repos/alice/fresh/keys', {
        method: 'POST',
        auth: { token: alice.token },
        body: { title: 'release bot', key: deploy.publicKey, read_only: false },
      });
      expect(created.status).toBe(201);
      expect(created.body.read_only).toBe(false);
      const work = git.folder('deploy-rw');
      await git.ok(['init', '--quiet', '.'], work);
      writeFileSync(join(work, 'release.txt'), randomBytes(10_000).toString('hex'));
      await git.ok(['add', '.'], work);
      await git.ok(['commit', '--quiet', '-m', 'first release'], work);
      await git.ok(['push', '--quiet', sshUrl('alice/fresh.git'), 'HEAD:main'], work, gitSsh(deploy.file));

      const repo = await server.request('/repos/alice/fresh', { auth: { token: alice.token } });
      expect(repo.body.empty).toBe(false);
      const row = (await server.db.repositories.findById(empty.id))!;
      expect(row.gitSize).toBeGreaterThan(10_000);
      expect(repo.body.size).toBe(Math.floor(row.gitSize / 1024));
      expect(await server.db.quotaRecount.differences()).toEqual([]);
    });

    it('enforces branch protection on a push over SSH, for a user and a deploy key alike', async () => {
      await createTestRepository(server, alice.user, { name: 'guarded', autoInit: true });
      const rule = await server.request('/repos/alice/guarded/branch_protections', {
        method: 'POST',
        auth: { token: alice.token },
        body: { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: ['bob'] },
      });
      expect(rule.status).toBe(201);
      const deploy = newKey();
      expect(
        (
          await server.request('/repos/alice/guarded/keys', {
            method: 'POST',
            auth: { token: alice.token },
            body: { title: 'bot', key: deploy.publicKey, read_only: false },
          })
        ).status,
      ).toBe(201);
      const work = git.folder('guarded');
      await git.ok(['clone', '--quiet', sshUrl('alice/guarded.git'), '.'], work, gitSsh(aliceKey.file));
      const tip = (await git.ok(['rev-parse', 'HEAD'], work)).trim();
      writeFileSync(join(work, 'change.txt'), 'change\n');
      await git.ok(['add', '.'], work);
      await git.ok(['commit', '--quiet', '-m', 'change'], work);
      for (const keyFile of [aliceKey.file, deploy.file]) {
        const push = await git.run(['push', 'origin', 'HEAD:main'], work, gitSsh(keyFile));
        expect(push.code).not.toBe(0);
        expect(push.stderr).toMatch(/branch main is protected by main: you are not allowed to push to it/);
      }
      const after = await git.run(['ls-remote', 'origin', 'refs/heads/main'], work, gitSsh(aliceKey.file));
      expect(after.stdout.split(/\s/)[0]).toBe(tip);
      await git.ok(['push', '--quiet', 'origin', 'HEAD:topic'], work, gitSsh(aliceKey.file)); // other branches stay open
    });

    it('offers no shell and runs no other command', async () => {
      const shell = await ssh(aliceKey.file);
      expect(shell.code).toBe(1);
      expect(shell.stderr).toMatch(/interactive shells are not offered/);
      const other = await ssh(aliceKey.file, 'cat', '/etc/passwd');
      expect(other.code).toBe(1);
      expect(other.stderr).toMatch(/is not served/);
      expect(other.stdout).toBe('');
    });

    it('hands out LFS credentials the LFS API accepts', async () => {
      const answer = await ssh(aliceKey.file, 'git-lfs-authenticate', 'alice/secret.git', 'download');
      expect(answer.code).toBe(0);
      const credentials = JSON.parse(answer.stdout);
      expect(credentials.href).toBe(`${server.url}alice/secret.git/info/lfs`);
      const batch = await fetch(`${credentials.href}/objects/batch`, {
        method: 'POST',
        headers: { ...credentials.header, 'content-type': 'application/vnd.git-lfs+json', accept: 'application/vnd.git-lfs+json' },
        body: JSON.stringify({ operation: 'download', objects: [{ oid: 'a'.repeat(64), size: 1 }] }),
      });
      expect(batch.status).toBe(200);
      const stranger = await ssh(bobKey.file, 'git-lfs-authenticate', 'alice/secret.git', 'download');
      expect(stranger.code).toBe(1);
      expect(stranger.stdout).toBe('');
    });

    it('leaves the port to the server: other bellows commands with the same settings run beside it', async () => {
      const { database } = server.config;
      const configFile = join(keysDir, 'cli.ini');
      writeFileSync(
        configFile,
        iniText({
          server: { APP_DATA_PATH: server.dataDir, START_SSH_SERVER: 'true', SSH_PORT: sshPort, SSH_SERVER_HOST_KEYS: hostKeyFile() },
          repository: { ROOT: server.config.repository.root },
          database: { DB_TYPE: database.type, PATH: database.path, HOST: database.host, NAME: database.name, USER: database.user },
        }),
      );
      const result = await bellows('admin', 'user', 'generate-access-token', '--config', configFile, '--username', 'alice', '--raw');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect((await ssh(aliceKey.file, 'git-lfs-authenticate', 'alice/secret', 'download')).code).toBe(0);
    });

    it('shows the same host key after a restart', async () => {
      await server.close();
      server = await startSshServer();
      const after = await ssh(aliceKey.file, 'no-such-command');
      expect(after.stderr).not.toMatch(/host key|Host key verification failed/i);
      expect(after.stderr).toMatch(/Permission denied \(publickey\)/); // the new server's database has no keys: the key exchange passed
    });
  });
});
