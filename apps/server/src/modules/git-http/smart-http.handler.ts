import { BadRequestException, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline, Readable, Transform } from 'node:stream';
import { ContainerGoneError } from '@bellows/domain';
import { RepoContext } from '../repositories/repository-access.service';
import { GitStream } from '../repositories/repository-contents';
import { RepositoryService } from '../repositories/repository.service';
import { GitRepositoryLocator } from './git-repository-locator';
import { GitRequestAccess } from './git-request-access';
import { GitService, GitTransport, isGitService, smartHttpContentTypes } from './git-transport';
import { GitRouteTarget, parseGitRouteTarget } from './git-route-target';

interface RepoParams {
  owner: string;
  repo: string;
}

/**
 * Git's smart HTTP protocol: the ref advertisement and the two RPCs, streamed
 * both ways between the HTTP connection and `git upload-pack|receive-pack`.
 * No pack is ever held in memory. After a successful push the repository's git
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
    const gzip = requestIsGzipped(request);
    const { target, ctx, repoPath } = await this.open(request, service);
    const rpc = this.transport.serviceRpc(repoPath, service, request.raw, { gzip, gitProtocol: headerOf(request, 'git-protocol') });
    const body = service === 'git-receive-pack' ? this.finishPushBeforeEnd(rpc, ctx, target) : rpc.output;
    return this.sendNoCache(reply, types.result, body);
  }

  private async open(
    request: FastifyRequest<{ Params: RepoParams }>,
    service: GitService,
  ): Promise<{ target: GitRouteTarget; ctx: RepoContext; repoPath: string }> {
    const target = parseGitRouteTarget(request.params.owner, request.params.repo);
    const pushing = service === 'git-receive-pack';
    const ctx = await this.access.authorize(request, target, pushing ? 'write' : 'read');
    const repoPath = await this.locator.locate(ctx, target.wiki, { createWiki: pushing });
    return { target, ctx, repoPath };
  }

  /**
   * Passes git's answer through and, once git has exited successfully, records
   * the push (sizes, no longer empty) before the last byte goes out: when
   * `git push` returns, the new size is already visible in the API.
   */
  private finishPushBeforeEnd(rpc: GitStream, ctx: RepoContext, target: GitRouteTarget): Readable {
    const recorder = new Transform({
      transform: (chunk, _encoding, callback) => callback(null, chunk),
      flush: (callback) => {
        rpc.done
          .then((exit) => (exit.exitCode === 0 ? this.recordPush(ctx, target) : undefined))
          .catch((error) => logPushNotRecorded(this.logger, `${ctx.owner.name}/${ctx.repo.name}`, error))
          .finally(() => callback());
      },
    });
    return pipeline(rpc.output, recorder, () => undefined);
  }

  /** The wiki's size is not counted for quota; the repository's is measured from disk. */
  private async recordPush(ctx: RepoContext, target: GitRouteTarget): Promise<void> {
    if (target.wiki) return;
    await this.repositories.refreshGitSize(ctx.repo, ctx.owner);
  }

  private sendNoCache(reply: FastifyReply, contentType: string, body: Readable): FastifyReply {
    return reply
      .header('content-type', contentType)
      .header('cache-control', 'no-cache, max-age=0, must-revalidate')
      .header('pragma', 'no-cache')
      .header('expires', 'Fri, 01 Jan 1980 00:00:00 GMT')
      .send(body);
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
function logPushNotRecorded(logger: Logger, fullName: string, error: unknown): void {
  if (error instanceof ContainerGoneError) logger.debug(`push to ${fullName} not measured: the repository was deleted meanwhile`);
  else logger.error(`could not record the push to ${fullName}: ${error}`);
}
