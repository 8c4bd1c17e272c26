import { BadRequestException, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { pipeline, Readable, Transform } from 'node:stream';
import { ContainerGoneError } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { RefProtection } from '../protection/ref-protection.service';
import { RepoContext } from '../repositories/repository-access.service';
import { GitStream } from '../repositories/repository-contents';
import { RepositoryService } from '../repositories/repository.service';
import { GitRepositoryLocator } from './git-repository-locator';
import { GitRequestAccess } from './git-request-access';
import { GitService, GitTransport, isGitService, ServiceRpcOptions, smartHttpContentTypes } from './git-transport';
import { GitRouteTarget, parseGitRouteTarget } from './git-route-target';
import { plainConnectionOf, writeCloseDelimitedHead } from './plain-connection';

interface RepoParams {
  owner: string;
  repo: string;
}

/** Every smart HTTP answer is about the repository as it is now: nothing may cache it. */
const NO_CACHE_HEADERS = {
  'cache-control': 'no-cache, max-age=0, must-revalidate',
  pragma: 'no-cache',
  expires: 'Fri, 01 Jan 1980 00:00:00 GMT',
};

/**
 * Git's smart HTTP protocol: the ref advertisement and the two RPCs, streamed
 * both ways between the HTTP connection and `git upload-pack|receive-pack`.
 * No pack is ever held in memory; on a plain TCP connection the pack of a
 * clone or fetch does not even pass through this process (see
 * uploadPackIntoConnection). After a successful push the repository's git
 * size is measured again before the client hears that the push is complete.
 */
@Injectable()
export class SmartHttpHandler {
  private readonly logger = new Logger('GitPush');

  constructor(
    private readonly access: GitRequestAccess,
    private readonly locator: GitRepositoryLocator,
    private readonly repositories: RepositoryService,
    private readonly transport: GitTransport,
    private readonly protection: RefProtection,
  ) {}

  /** `GET /{owner}/{repo}.git/info/refs?service=…` */
  async infoRefs(
    request: FastifyRequest<{ Params: RepoParams; Querystring: { service?: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    const service = request.query.service;
    if (!isGitService(service)) {
      throw new BadRequestException(
        'only the smart HTTP protocol is served: ask for ?service=git-upload-pack or ?service=git-receive-pack',
      );
    }
    const { repoPath } = await this.open(request, service);
    const stream = this.transport.advertiseRefs(repoPath, service, { gitProtocol: headerOf(request, 'git-protocol') });
    return this.sendNoCache(reply, smartHttpContentTypes(service).advertisement, stream.output);
  }

  /** `POST /{owner}/{repo}.git/git-upload-pack|git-receive-pack` */
  async rpc(service: GitService, request: FastifyRequest<{ Params: RepoParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const types = smartHttpContentTypes(service);
    if (headerOf(request, 'content-type') !== types.request)
      throw new UnsupportedMediaTypeException(`the request body must be ${types.request}`);
    const options: ServiceRpcOptions = { gzip: requestIsGzipped(request), gitProtocol: headerOf(request, 'git-protocol') };
    const { target, ctx, repoPath, actor } = await this.open(request, service);
    // A push is judged ref by ref by git's update hook, against what this pusher may do to protected refs.
    if (service === 'git-receive-pack' && actor && !target.wiki)
      options.refPolicy = await this.protection.policyFor(ctx, { user: actor.user });
    const connection = service === 'git-upload-pack' ? plainConnectionOf(request.raw) : undefined;
    if (connection) return this.uploadPackIntoConnection(repoPath, request, reply, connection, options);
    const rpc = this.transport.serviceRpc(repoPath, service, request.raw, options);
    const body = service === 'git-receive-pack' ? this.finishPushBeforeEnd(rpc, ctx, target, actor) : rpc.output;
    return this.sendNoCache(reply, types.result, body);
  }

  /**
   * upload-pack's answer, the whole pack of a clone or fetch, goes from git
   * straight into the client's TCP connection: streamed through this process
   * it cost a copy and an event-loop turn per ~12 KiB that git writes (0.15 s
   * of CPU per 100 MiB, on the cores git and the client share), and the
   * answer came out at 2/3 of the speed git writes it. The answer is
   * delimited by closing the connection (the client opens another one for its
   * next request); if git fails, the connection is reset, so that the client
   * never takes a truncated answer for a complete one.
   */
  private async uploadPackIntoConnection(
    repoPath: string,
    request: FastifyRequest,
    reply: FastifyReply,
    connection: Socket,
    options: ServiceRpcOptions,
  ): Promise<FastifyReply> {
    reply.hijack();
    try {
      await writeCloseDelimitedHead(reply.raw, { 'content-type': smartHttpContentTypes('git-upload-pack').result, ...NO_CACHE_HEADERS });
    } catch {
      connection.destroy(); // the client went away before its answer began
      return reply;
    }
    let complete = false;
    try {
      const exit = await this.transport.serviceRpcIntoSocket(repoPath, 'git-upload-pack', request.raw, connection, options).done;
      complete = exit.exitCode === 0;
    } finally {
      if (complete) reply.raw.end();
      else connection.resetAndDestroy();
    }
    return reply;
  }

  private async open(
    request: FastifyRequest<{ Params: RepoParams }>,
    service: GitService,
  ): Promise<{ target: GitRouteTarget; ctx: RepoContext; repoPath: string; actor: Actor | undefined }> {
    const target = parseGitRouteTarget(request.params.owner, request.params.repo);
    const pushing = service === 'git-receive-pack';
    const { ctx, actor } = await this.access.authorizeCaller(request, target, pushing ? 'write' : 'read');
    const repoPath = await this.locator.locate(ctx, target.wiki, { createWiki: pushing });
    return { target, ctx, repoPath, actor };
  }

  /**
   * Passes git's answer through and, once git has exited successfully, records
   * the push (sizes, no longer empty) before the last byte goes out: when
   * `git push` returns, the new size is already visible in the API.
   */
  private finishPushBeforeEnd(rpc: GitStream, ctx: RepoContext, target: GitRouteTarget, pusher: Actor | undefined): Readable {
    const recorder = new Transform({
      transform: (chunk, _encoding, callback) => callback(null, chunk),
      flush: (callback) => {
        rpc.done
          .then((exit) => (exit.exitCode === 0 ? this.recordPush(ctx, target, pusher) : undefined))
          .catch((error) => logPushNotRecorded(this.logger, `${ctx.owner.name}/${ctx.repo.name}`, error))
          .finally(() => callback());
      },
    });
    return pipeline(rpc.output, recorder, () => undefined);
  }

  /** The wiki's size is not counted for quota; the repository's is measured from disk. */
  private async recordPush(ctx: RepoContext, target: GitRouteTarget, pusher: Actor | undefined): Promise<void> {
    if (target.wiki) return;
    await this.repositories.refreshGitSize(ctx.repo, ctx.owner, pusher?.user);
  }

  private sendNoCache(reply: FastifyReply, contentType: string, body: Readable): FastifyReply {
    return reply.header('content-type', contentType).headers(NO_CACHE_HEADERS).send(body);
  }
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `Content-Encoding: gzip` (git sends it for large requests); any other encoding is refused. */
function requestIsGzipped(request: FastifyRequest): boolean {
  const encoding = headerOf(request, 'content-encoding')?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return false;
  if (encoding === 'gzip' || encoding === 'x-gzip') return true;
  throw new UnsupportedMediaTypeException(`unsupported Content-Encoding "${encoding}": send gzip or no encoding`);
}

/** A repository deleted while a push to it ran has nothing left to measure: that is expected, not an error. */
export function logPushNotRecorded(logger: Logger, fullName: string, error: unknown): void {
  if (error instanceof ContainerGoneError) logger.debug(`push to ${fullName} not measured: the repository was deleted meanwhile`);
  else logger.error(`could not record the push to ${fullName}: ${error}`);
}
