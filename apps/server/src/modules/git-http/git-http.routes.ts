import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { apiDocsUrl } from '../../http/api-error.filter';
import { sendRawRouteError } from '../../http/raw-route-errors';
import { mountRawRoutes, parseJsonBody, RouteOf } from '../../http/raw-routes';
import { GitConflictError, GitNotFoundError, InvalidGitInputError } from '../repositories/git-errors';
import { LFS_CONTENT_TYPE } from './lfs/lfs-batch';
import { LfsHandler } from './lfs/lfs.handler';
import { SmartHttpHandler } from './smart-http.handler';

/** Largest JSON body the LFS routes read (a batch of 1000 pointers is about 100 KiB). */
const LFS_JSON_LIMIT = 1024 * 1024;

/**
 * Mounts git smart HTTP and Git LFS beside the API, as plain Fastify routes in
 * their own scope: there, request bodies are NOT parsed (packs and LFS objects
 * stream straight from the socket into git or storage), except the small JSON
 * messages of the LFS API. `{repo}` may end in `.git`, `.wiki` or `.wiki.git`.
 */
@Injectable()
export class GitHttpRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly smartHttp: SmartHttpHandler,
    private readonly lfs: LfsHandler,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  onModuleInit(): void {
    const docsUrl = apiDocsUrl(this.config.server.rootUrl);
    mountRawRoutes(this.adapterHost, (scope) => {
      // Only the LFS API's small JSON messages are parsed; packs and LFS objects stream unread.
      scope.addContentTypeParser([LFS_CONTENT_TYPE, 'application/json'], { parseAs: 'string', bodyLimit: LFS_JSON_LIMIT }, parseJsonBody);
      scope.setErrorHandler((error, request, reply) => sendRawRouteError(httpErrorForRawGit(error), request, reply, docsUrl));
      this.mountSmartHttp(scope);
      this.mountLfs(scope);
    });
  }

  private mountSmartHttp(scope: FastifyInstance): void {
    const handler = this.smartHttp;
    scope.get<RouteOf<SmartHttpHandler['infoRefs']>>('/:owner/:repo/info/refs', (request, reply) => handler.infoRefs(request, reply));
    scope.post<RouteOf<SmartHttpHandler['rpc'], 1>>('/:owner/:repo/git-upload-pack', (request, reply) =>
      handler.rpc('git-upload-pack', request, reply),
    );
    scope.post<RouteOf<SmartHttpHandler['rpc'], 1>>('/:owner/:repo/git-receive-pack', (request, reply) =>
      handler.rpc('git-receive-pack', request, reply),
    );
  }

  private mountLfs(scope: FastifyInstance): void {
    const handler = this.lfs;
    const base = '/:owner/:repo/info/lfs/objects';
    scope.post<RouteOf<LfsHandler['batch']>>(`${base}/batch`, (request, reply) => handler.batch(request, reply));
    scope.put<RouteOf<LfsHandler['upload']>>(`${base}/:oid`, (request, reply) => handler.upload(request, reply));
    scope.get<RouteOf<LfsHandler['download']>>(`${base}/:oid`, (request, reply) => handler.download(request, reply));
    scope.post<RouteOf<LfsHandler['verify']>>(`${base}/:oid/verify`, (request, reply) => handler.verify(request, reply));
  }
}

/** The git ports' errors as git clients are answered: a bad name 400, nothing there 404, a clash 409. */
function httpErrorForRawGit(error: unknown): unknown {
  if (error instanceof InvalidGitInputError) return new BadRequestException(error.message);
  if (error instanceof GitNotFoundError) return new NotFoundException(error.message);
  if (error instanceof GitConflictError) return new ConflictException(error.message);
  return error;
}
