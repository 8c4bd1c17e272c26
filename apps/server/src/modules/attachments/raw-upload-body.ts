import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'http';
import { PassThrough, Readable } from 'stream';
import { isMultipartRequest } from './multipart-parser';

/** The route setting that marks an upload route whose body may be the file itself. */
const RAW_UPLOAD = 'bellowsRawUpload';

/**
 * The content type such a body is given while Fastify chooses its parser.
 * Without it, JSON and text bodies would be read into memory by the API's
 * parsers (and other types refused with 415) before the handler could stream
 * them; the client's own Content-Type stays on the raw request.
 */
const RAW_UPLOAD_TYPE = 'application/x-bellows-raw-upload';

/**
 * Marks an upload route that takes, besides a multipart form, any other body
 * as the file's bytes (as Forgejo's release asset upload does).
 */
export const AcceptsRawUpload = (): MethodDecorator => RouteConfig({ [RAW_UPLOAD]: true });

/** Teaches the server to hand the raw body of routes marked `AcceptsRawUpload` to their handler unread. */
@Injectable()
export class RawUploadParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    // The CLI builds the same modules without an HTTP server: nothing to register then.
    if (!this.adapterHost.httpAdapter) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(RAW_UPLOAD_TYPE, (_request, _payload, done) => done(null, undefined));
    fastify.addHook('onRequest', async (request) => {
      // An overlay on the headers Fastify reads; request.raw keeps what the client sent.
      if (isRawUpload(request)) request.headers = { 'content-type': RAW_UPLOAD_TYPE };
    });
  }
}

function isRawUpload(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  return config?.[RAW_UPLOAD] === true && !isMultipartRequest(request.raw);
}

/**
 * The request body as a stream of the file's bytes. It ends once the whole
 * body has arrived, and fails when the client goes away before that, so a
 * truncated upload can never pass for a complete file. The request is piped,
 * not put in a pipeline: a refused upload (too large) must not destroy the
 * request, so that the answer still reaches the client and the rest of the
 * body can be drained.
 */
export function rawBodyContent(request: IncomingMessage): Readable {
  const content = new PassThrough();
  // The reader (a storage write) may attach itself a moment after a failure; it still sees the error then.
  content.on('error', () => undefined);
  const gone = () => {
    if (request.complete) return;
    request.unpipe(content);
    content.destroy(new Error('the upload ended before the whole body was received'));
  };
  request.on('close', gone);
  request.on('error', gone);
  // The client may have gone while the request was being authorized: no event will say so any more.
  if (request.destroyed) gone();
  else request.pipe(content);
  return content;
}
