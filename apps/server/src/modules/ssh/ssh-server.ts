import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AuthContext, Connection, Server, ServerChannel, Session, utils } from 'ssh2';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { SshCommands, SshSessionEnv } from './ssh-commands';
import { loadOrCreateHostKeys } from './ssh-host-keys';
import { SshIdentity, SshSignIn } from './ssh-sign-in';

/** How long a connection may take to sign in. */
const SIGN_IN_GRACE_MS = 60_000;

const NO_SHELL = 'bellows: interactive shells are not offered: use git (clone, fetch, push) with this host';

/**
 * The built-in SSH server ([server] START_SSH_SERVER): public keys only, the
 * [server] SSH_USER name only, and per session one `exec` of a git command or
 * git-lfs-authenticate (SshCommands); shells, terminals, subsystems and
 * forwarding are refused. `bellows web` starts it (listen) beside the HTTP
 * server, on SSH_LISTEN_HOST:SSH_LISTEN_PORT; the other commands build the same
 * application without listening. It stops with the application.
 */
@Injectable()
export class SshServer implements OnApplicationShutdown {
  private readonly logger = new Logger('SshServer');
  private server: Server | undefined;
  private readonly connections = new Set<Connection>();

  constructor(
    private readonly signIn: SshSignIn,
    private readonly commands: SshCommands,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  /** Starts listening when [server] START_SSH_SERVER is true; rejects when the address cannot be had. */
  async listen(): Promise<void> {
    const settings = this.config.server.ssh;
    if (!settings.start) return;
    const hostKeys = await loadOrCreateHostKeys(settings.hostKeys);
    const server = new Server({ hostKeys, ident: 'Bellows' }, (client) => this.serve(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.listenPort, settings.listenHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error: Error) => this.logger.error(`SSH server: ${error.message}`));
    this.server = server;
    this.logger.log(`SSH server listening on ${settings.listenHost}:${this.port()}`);
  }

  /** The port it listens on (SSH_LISTEN_PORT, or the one picked for 0); undefined when it is off. */
  port(): number | undefined {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const client of this.connections) client.end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private serve(client: Connection): void {
    this.connections.add(client);
    client.on('close', () => this.connections.delete(client));
    client.on('error', (error) => this.logger.debug(`SSH connection: ${error.message}`));
    let identity: SshIdentity | undefined;
    // A connection that does not sign in soon holds nothing open for long (OpenSSH's LoginGraceTime).
    const grace = setTimeout(() => identity ?? client.end(), SIGN_IN_GRACE_MS);
    grace.unref();
    client.on('close', () => clearTimeout(grace));
    client.on('authentication', (ctx) => {
      this.authenticate(ctx).then(
        (found) => {
          if (found === 'key-known') return ctx.accept();
          if (!found) return ctx.reject(['publickey']);
          identity = found;
          ctx.accept();
        },
        (error) => {
          this.logger.error(`SSH sign-in failed: ${error}`);
          ctx.reject(['publickey']);
        },
      );
    });
    client.on('ready', () => client.on('session', (accept) => this.session(accept(), () => identity)));
  }

  /**
   * Public keys of the SSH_USER name only. A client first asks whether a key
   * would do ("key-known", no signature yet), then proves it holds the key: only
   * a verified signature signs it in.
   */
  private async authenticate(ctx: AuthContext): Promise<SshIdentity | 'key-known' | null> {
    if (ctx.method !== 'publickey' || ctx.username !== this.config.server.ssh.user) return null;
    const identity = await this.signIn.identify(ctx.key.data);
    if (!identity) return null;
    if (!ctx.signature || !ctx.blob) return 'key-known';
    const key = utils.parseKey(ctx.key.data);
    const verified = !(key instanceof Error) && !Array.isArray(key) && key.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true;
    return verified ? identity : null;
  }

  private session(session: Session, identity: () => SshIdentity | undefined): void {
    const env: SshSessionEnv = {};
    session.on('env', (accept, _reject, info) => {
      if (info.key === 'GIT_PROTOCOL') env.gitProtocol = info.val;
      accept?.();
    });
    session.on('pty', (_accept, reject) => reject?.());
    session.on('subsystem', (_accept, reject) => reject?.());
    session.on('shell', (accept) => refuse(accept(), NO_SHELL));
    session.on('exec', (accept, _reject, info) => {
      const channel = accept();
      const signedIn = identity();
      if (!signedIn) return refuse(channel, 'bellows: not signed in');
      void this.commands.run(signedIn, info.command, channel, env);
    });
  }
}

function refuse(channel: ServerChannel, message: string): void {
  channel.stderr.write(`${message}\n`);
  channel.exit(1);
  channel.end();
}
