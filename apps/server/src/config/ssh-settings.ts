import { isAbsolute, resolve } from 'node:path';
import { SectionReader } from './section-reader';

/** The built-in SSH server's settings, Forgejo's `[server]` SSH keys (see docs/configuration.md). */
export interface SshSettings {
  /** [server] START_SSH_SERVER: run the built-in SSH server (default false). */
  start: boolean;
  /** [server] SSH_USER: the user name in SSH URLs, and the only one the server lets in (default `git`). */
  user: string;
  /** [server] SSH_DOMAIN: the host shown in SSH URLs (default: ROOT_URL's host). */
  domain: string;
  /** [server] SSH_PORT: the port shown in SSH URLs (default 22). */
  port: number;
  /** [server] SSH_LISTEN_HOST: where the server listens (default: HTTP_ADDR). */
  listenHost: string;
  /** [server] SSH_LISTEN_PORT: the port it listens on (default: SSH_PORT). */
  listenPort: number;
  /** [server] SSH_SERVER_HOST_KEYS: private host key files, absolute (default `APP_DATA_PATH/ssh/bellows.ed25519`). */
  hostKeys: string[];
}

export function readSshSettings(server: SectionReader, defaults: { rootUrl: string; httpAddr: string; appDataPath: string }): SshSettings {
  const port = server.integer('SSH_PORT', 22, 1, 65535);
  const hostKeys = server.list('SSH_SERVER_HOST_KEYS');
  return {
    start: server.boolean('START_SSH_SERVER', false),
    user: server.string('SSH_USER', 'git').trim(),
    domain: server.string('SSH_DOMAIN', new URL(defaults.rootUrl).hostname).trim(),
    port,
    listenHost: server.string('SSH_LISTEN_HOST', defaults.httpAddr).trim(),
    listenPort: server.integer('SSH_LISTEN_PORT', port, 0, 65535),
    hostKeys: (hostKeys.length > 0 ? hostKeys : ['ssh/bellows.ed25519']).map((file) =>
      isAbsolute(file) ? file : resolve(defaults.appDataPath, file),
    ),
  };
}

/**
 * Where a repository is cloned over SSH, as Forgejo writes it: `git@host:owner/repo.git`
 * on port 22, `ssh://git@host:port/owner/repo.git` otherwise; the part before `owner/`.
 */
export function sshUrlPrefix(ssh: SshSettings): string {
  const host = ssh.domain.includes(':') ? `[${ssh.domain}]` : ssh.domain;
  return ssh.port === 22 ? `${ssh.user}@${host}:` : `ssh://${ssh.user}@${host}:${ssh.port}/`;
}
