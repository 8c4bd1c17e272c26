import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest, RouteGenericInterface } from 'fastify';

/**
 * Routes served beside the API as plain Fastify routes, in a scope of their
 * own where request bodies are NOT parsed: git packs, LFS objects, package and
 * artifact uploads stream from the socket straight into git or storage. A
 * scope may add parsers for the few small JSON bodies it reads.
 *
 * The CLI builds the same Nest modules without an HTTP server: nothing is
 * mounted then.
 */
export function mountRawRoutes(adapterHost: HttpAdapterHost, mount: (scope: FastifyInstance) => void): void {
  if (!adapterHost.httpAdapter) return;
  const fastify = adapterHost.httpAdapter.getInstance<FastifyInstance>();
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    mount(scope);
  });
}

/** A parser for the small JSON bodies of raw routes: empty is undefined, malformed is a 400. */
export function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void): void {
  try {
    done(null, body.length === 0 ? undefined : JSON.parse(body.toString()));
  } catch {
    done(Object.assign(new Error('the request body is not valid JSON'), { statusCode: 400 }));
  }
}

/**
 * The route generic (params, query string) a handler's request is typed with,
 * so that a raw route hands Fastify's request on as the handler declares it:
 * `scope.get<RouteOf<Handler['method']>>(path, (request, reply) => handler.method(request, reply))`.
 * `position` picks the argument that is the request (1 for `rpc(service, request, reply)`).
 */
export type RouteOf<H, Position extends 0 | 1 = 0> = H extends (...args: infer A) => unknown
  ? A[Position] extends FastifyRequest<infer G>
    ? G & RouteGenericInterface
    : never
  : never;
