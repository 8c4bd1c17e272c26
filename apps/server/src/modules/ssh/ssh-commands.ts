import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { finished } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { ServerChannel } from 'ssh2';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { GitRepositoryLocator } from '../git-http/git-repository-locator';
import { parseGitRouteTarget } from '../git-http/git-route-target';
import { GitService, GitTransport, SmartHttpOptions } from '../git-http/git-transport';
import { LfsActionTokens, LFS_ACTION_SCHEME } from '../git-http/lfs/lfs-action-token';
import { logPushNotRecorded } from '../git-http/smart-http.handler';
import { RefChanger, RefProtection } from '../protection/ref-protection.service';
import { RepoContext } from '../repositories/repository-access.service';
import { RepositoryService } from '../repositories/repository.service';
import { parseSshCommand, SshCommand, UnsupportedSshCommandError } from './ssh-command';
import { SshGitAccess } from './ssh-git-access';
import { SshIdentity } from './ssh-sign-in';

/** How long the credentials git-lfs-authenticate hands out stay usable. */
const LFS_CREDENTIALS_SECONDS = 3600;

/** What the client set with `SendEnv`/`SetEnv` that matters here: git's protocol version. */
export interface SshSessionEnv {
  gitProtocol?: string;
}

/**
 * Runs one command of a signed-in SSH session on its channel and ends it with
 * an exit status: git's services stream between the channel and git (never
 * buffered), a push is measured like a push over HTTP before the client hears
 * the end, and git-lfs-authenticate answers credentials for the LFS API.
 * Refusals are one line on the channel's stderr and exit status 1.
 */
@Injectable()
export class SshCommands {
  private readonly logger = new Logger('SshGit');
  private readonly lfsTokens: LfsActionTokens;

  constructor(
    private readonly access: SshGitAccess,
    private readonly locator: GitRepositoryLocator,
    private readonly repositories: RepositoryService,
    private readonly transport: GitTransport,
    private readonly protection: RefProtection,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {
    this.lfsTokens = new LfsActionTokens(config.security.secretKey);
  }

  async run(identity: SshIdentity, commandLine: string, channel: ServerChannel, env: SshSessionEnv): Promise<void> {
    let status = 1;
    try {
      const command = parseSshCommand(commandLine);
      status =
        command.kind === 'git' ? await this.git(identity, command, channel, env) : await this.lfsAuthenticate(identity, command, channel);
    } catch (error) {
      channel.stderr.write(`bellows: ${refusal(error, this.logger)}\n`);
    }
    channel.exit(status);
    channel.end();
  }

  private async git(
    identity: SshIdentity,
    command: SshCommand & { kind: 'git' },
    channel: ServerChannel,
    env: SshSessionEnv,
  ): Promise<number> {
    const target = parseGitRouteTarget(command.ownerName, command.repoSegment);
    const pushing = command.service === 'git-receive-pack';
    const ctx = await this.access.authorize(identity, target, pushing ? 'write' : 'read');
    const repoPath = await this.locator.locate(ctx, target.wiki, { createWiki: pushing });
    const options: SmartHttpOptions = { gitProtocol: env.gitProtocol };
    // Branch and tag protection judge a push over SSH as over HTTP (git's update hook applies the policy).
    if (pushing && !target.wiki) options.refPolicy = await this.protection.policyFor(ctx, changerOf(identity, ctx));
    const exitCode = await this.stream(repoPath, command.service, channel, options);
    // The wiki's size is not counted for quota; the repository's is measured from disk, as after a push over HTTP.
    if (pushing && exitCode === 0 && !target.wiki) {
      await this.repositories
        .refreshGitSize(ctx.repo, ctx.owner, identity.kind === 'user' ? identity.user : undefined)
        .catch((error) => logPushNotRecorded(this.logger, `${ctx.owner.name}/${ctx.repo.name}`, error));
    }
    return exitCode;
  }

  /** Pipes the channel into git and git's output back, until git exits; a client that goes away stops git. */
  private async stream(repoPath: string, service: GitService, channel: ServerChannel, options: SmartHttpOptions): Promise<number> {
    const input = channel.pipe(new PassThrough());
    const session = this.transport.serviceSession(repoPath, service, input, options);
    // The client went away: stop git whether it was still reading or still writing.
    channel.once('close', () => {
      input.destroy();
      session.output.destroy();
    });
    session.output.pipe(channel, { end: false });
    await finished(session.output).catch(() => undefined); // a failing git shows in its exit code
    const exit = await session.done;
    if (exit.exitCode !== 0 && exit.stderr) channel.stderr.write(exit.stderr);
    return exit.exitCode ?? 1;
  }

  /** `git-lfs-authenticate owner/repo upload|download`: where the LFS API is and a short-lived grant it accepts. */
  private async lfsAuthenticate(
    identity: SshIdentity,
    command: SshCommand & { kind: 'lfs-authenticate' },
    channel: ServerChannel,
  ): Promise<number> {
    if (identity.kind !== 'user') throw new UnsupportedSshCommandError("git-lfs-authenticate needs a user's key, not a deploy key");
    const target = parseGitRouteTarget(command.ownerName, command.repoSegment);
    const ctx = await this.access.authorize(identity, target, command.operation === 'upload' ? 'write' : 'read');
    const expiresAt = Date.now() + LFS_CREDENTIALS_SECONDS * 1000;
    const token = this.lfsTokens.sign({ userId: identity.user.id, repoId: ctx.repo.id, operation: command.operation, expiresAt });
    const answer = {
      href: `${this.config.server.rootUrl}${ctx.owner.name}/${ctx.repo.name}.git/info/lfs`,
      header: { Authorization: `${LFS_ACTION_SCHEME} ${token}` },
      expires_in: LFS_CREDENTIALS_SECONDS,
    };
    channel.write(`${JSON.stringify(answer)}\n`);
    return 0;
  }
}

/** The line a refused or failed command writes: the user's own problem in words, anything else only "internal error". */
function refusal(error: unknown, logger: Logger): string {
  if (error instanceof UnsupportedSshCommandError) return error.message;
  if (error instanceof HttpException) return error.message;
  logger.error(`SSH command failed: ${error instanceof Error ? error.stack : String(error)}`);
  return 'internal error';
}

/** Who a push changes refs as: a user's key its user; a deploy key acts for its repository (its owner), marked as a deploy key. */
function changerOf(identity: SshIdentity, ctx: RepoContext): RefChanger {
  return identity.kind === 'user' ? { user: identity.user } : { user: ctx.owner, viaDeployKey: true };
}
