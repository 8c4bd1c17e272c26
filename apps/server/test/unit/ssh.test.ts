import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, sshUrlPrefix } from '../../src/config';
import { InvalidSshKeyError, parseSshPublicKey } from '../../src/modules/keys/ssh-public-key';
import { parseSshCommand, UnsupportedSshCommandError } from '../../src/modules/ssh/ssh-command';
import { loadOrCreateHostKeys } from '../../src/modules/ssh/ssh-host-keys';
import { utils } from 'ssh2';

describe('git over SSH, piece by piece', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bellows-ssh-unit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('parseSshCommand', () => {
    it('reads the commands git and git-lfs send, quoted or not, with or without a leading slash', () => {
      expect(parseSshCommand("git-upload-pack 'alice/hello.git'")).toEqual({
        kind: 'git',
        service: 'git-upload-pack',
        ownerName: 'alice',
        repoSegment: 'hello.git',
      });
      expect(parseSshCommand("git-receive-pack '/alice/hello.git'")).toMatchObject({ service: 'git-receive-pack', ownerName: 'alice' });
      expect(parseSshCommand('git upload-pack alice/hello')).toMatchObject({ service: 'git-upload-pack', repoSegment: 'hello' });
      expect(parseSshCommand('git-lfs-authenticate alice/hello.git upload')).toEqual({
        kind: 'lfs-authenticate',
        operation: 'upload',
        ownerName: 'alice',
        repoSegment: 'hello.git',
      });
    });

    it('refuses anything else with a sentence saying what is served', () => {
      for (const command of ['ls', 'git-upload-pack', "git-upload-pack 'a/b/c.git'", 'git-lfs-authenticate a/b delete', 'bash -c id']) {
        expect(() => parseSshCommand(command)).toThrow(UnsupportedSshCommandError);
      }
      expect(() => parseSshCommand('rm -rf /')).toThrow(/only git clone, fetch and push/);
    });
  });

  describe('parseSshPublicKey', () => {
    it("keeps algorithm and blob and gives ssh-keygen's fingerprint", () => {
      const file = join(dir, 'key');
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'me@laptop', '-f', file]);
      const text = readFileSync(`${file}.pub`, 'utf8');
      const parsed = parseSshPublicKey(text);
      expect(parsed.content).toBe(text.split(' ').slice(0, 2).join(' '));
      expect(parsed.fingerprint).toBe(execFileSync('ssh-keygen', ['-l', '-f', `${file}.pub`], { encoding: 'utf8' }).split(' ')[1]);
      expect(() => parseSshPublicKey(readFileSync(file, 'utf8'))).toThrow(/private key/);
      expect(() => parseSshPublicKey('')).toThrow(InvalidSshKeyError);
      expect(() => parseSshPublicKey('hello world')).toThrow(/not an SSH public key/);
    });
  });

  describe('host keys', () => {
    it('are made once, then read back unchanged', async () => {
      const file = join(dir, 'ssh', 'bellows.ed25519');
      const [made] = await loadOrCreateHostKeys([file]);
      const [again] = await loadOrCreateHostKeys([file]);
      expect(again.equals(made)).toBe(true);
      expect(readFileSync(`${file}.pub`, 'utf8')).toMatch(/^ssh-ed25519 /);
    });

    it('refuse a file that is not a private key', async () => {
      const file = join(dir, 'not-a-key');
      writeFileSync(file, 'hello');
      await expect(loadOrCreateHostKeys([file])).rejects.toThrow(/not an unencrypted SSH private key/);
    });
  });

  describe('settings', () => {
    const load = (env: Record<string, string>) => loadConfig({ cwd: dir, env }).server.ssh;

    it("are off by default, listen where HTTP does, and show Forgejo's URL forms", () => {
      const ssh = load({ BELLOWS__SERVER__ROOT_URL: 'https://git.example.com/', BELLOWS__SERVER__HTTP_ADDR: '0.0.0.0' });
      expect(ssh).toMatchObject({ start: false, user: 'git', domain: 'git.example.com', port: 22, listenHost: '0.0.0.0', listenPort: 22 });
      expect(ssh.hostKeys).toEqual([join(dir, 'data', 'ssh', 'bellows.ed25519')]);
      expect(sshUrlPrefix(ssh)).toBe('git@git.example.com:');
      const moved = load({
        BELLOWS__SERVER__SSH_PORT: '2222',
        BELLOWS__SERVER__SSH_LISTEN_PORT: '2200',
        BELLOWS__SERVER__SSH_DOMAIN: 'ssh.example.com',
      });
      expect(moved.listenPort).toBe(2200);
      expect(sshUrlPrefix(moved)).toBe('ssh://git@ssh.example.com:2222/');
    });
  });
});

describe('SSH host keys (loadOrCreateHostKeys)', () => {
  it('makes a host key its own SSH server accepts on every first start (ssh2 now and then writes a malformed ed25519 key)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bellows-host-keys-'));
    try {
      // About 1 in 250 keys from ssh2's generator fails its own parser: 1 500 first starts all but surely meet one.
      for (let i = 0; i < 1500; i++) {
        const [key] = await loadOrCreateHostKeys([join(root, String(i), 'bellows.ed25519')]);
        const parsed = utils.parseKey(key);
        expect(parsed instanceof Error ? parsed.message : 'parsed').toBe('parsed');
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
