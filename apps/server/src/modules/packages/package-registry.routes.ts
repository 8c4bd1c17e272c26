import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { apiDocsUrl } from '../../http/api-error.filter';
import { sendRawRouteError } from '../../http/raw-route-errors';
import { RouteOf, mountRawRoutes } from '../../http/raw-routes';
import { GenericRegistryHandler } from './generic-registry.handler';
import { NpmRegistryHandler } from './npm/npm-registry.handler';

/**
 * Mounts the package registries under `{ROOT_URL}api/packages/{owner}/`, as
 * plain Fastify routes in their own scope where no body is parsed: uploads
 * stream from the socket into storage, and the npm handler reads its JSON
 * documents itself, with its own limit. Errors answer `{message, url}` with a
 * Basic challenge on 401, like git's routes.
 */
@Injectable()
export class PackageRegistryRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly generic: GenericRegistryHandler,
    private readonly npm: NpmRegistryHandler,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  onModuleInit(): void {
    const docsUrl = apiDocsUrl(this.config.server.rootUrl);
    mountRawRoutes(this.adapterHost, (scope) => {
      scope.setErrorHandler((error, request, reply) => sendRawRouteError(error, request, reply, docsUrl));
      this.mountGeneric(scope);
      this.mountNpm(scope);
      this.mountPackagePage(scope);
    });
  }

  /**
   * `{owner}/-/packages/{type}/{name}/{version}` is where Forgejo shows a
   * package version (the package API's and quota listings' `html_url`). There
   * is no web UI, so it sends the caller to the version in the package API.
   */
  private mountPackagePage(scope: FastifyInstance): void {
    const apiRoot = `${this.config.server.rootUrl}api/v1/packages/`;
    scope.get(
      '/:owner/-/packages/:type/:name/:version',
      (request: FastifyRequest<{ Params: Record<'owner' | 'type' | 'name' | 'version', string> }>, reply) => {
        const { owner, type, name, version } = request.params;
        return reply.redirect(apiRoot + [owner, type, name, version].map(encodeURIComponent).join('/'), 302);
      },
    );
  }

  private mountGeneric(scope: FastifyInstance): void {
    const handler = this.generic;
    const file = '/api/packages/:owner/generic/:name/:version/:file';
    scope.put<RouteOf<GenericRegistryHandler['upload']>>(file, (request, reply) => handler.upload(request, reply));
    scope.get<RouteOf<GenericRegistryHandler['download']>>(file, (request, reply) => handler.download(request, reply));
    scope.delete<RouteOf<GenericRegistryHandler['deleteFile']>>(file, (request, reply) => handler.deleteFile(request, reply));
    scope.delete<RouteOf<GenericRegistryHandler['deleteVersion']>>('/api/packages/:owner/generic/:name/:version', (request, reply) =>
      handler.deleteVersion(request, reply),
    );
  }

  /** npm's paths hold scoped names with or without an encoded slash, so one route per method hands the rest to the handler. */
  private mountNpm(scope: FastifyInstance): void {
    const handler = this.npm;
    const any = '/api/packages/:owner/npm/*';
    scope.get<RouteOf<NpmRegistryHandler['get']>>(any, (request, reply) => handler.get(request, reply));
    scope.put<RouteOf<NpmRegistryHandler['put']>>(any, (request, reply) => handler.put(request, reply));
    scope.delete<RouteOf<NpmRegistryHandler['delete']>>(any, (request, reply) => handler.delete(request, reply));
  }
}
