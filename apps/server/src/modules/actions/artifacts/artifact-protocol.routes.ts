import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ArtifactBlobHandler } from './artifact-blob.handler';
import { ArtifactTwirpHandler } from './artifact-twirp.handler';
import { sendTwirpError } from './twirp-errors';

/** Largest Twirp request body (they are a few hundred bytes). */
const TWIRP_BODY_LIMIT = 64 * 1024;

/**
 * Mounts the artifact protocol beside the API as plain Fastify routes (the
 * runtime token and the signed URLs are their own credentials; the API's
 * token guard has no say): the Twirp service at the server's root, where the
 * artifact client looks for it, and the signed upload and download URLs,
 * whose bodies are left unread for the handlers to stream.
 */
@Injectable()
export class ArtifactProtocolRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly twirp: ArtifactTwirpHandler,
    private readonly blobs: ArtifactBlobHandler,
  ) {}

  onModuleInit(): void {
    // The CLI builds the same modules without an HTTP server: nothing to mount then.
    if (!this.adapterHost.httpAdapter) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: TWIRP_BODY_LIMIT }, parseJson);
      scope.setErrorHandler((error, _request, reply) => sendTwirpError(error, reply));
      scope.post('/twirp/github.actions.results.api.v1.ArtifactService/:method', (request: FastifyRequest<any>, reply) => this.twirp.handle(request, reply));
    });
    void fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.put('/api/actions/artifact-uploads/:id', (request: FastifyRequest<any>, reply) => this.blobs.upload(request, reply));
      scope.get('/api/actions/artifacts/:id/content', (request: FastifyRequest<any>, reply) => this.blobs.download(request, reply));
    });
  }
}

function parseJson(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void): void {
  try {
    done(null, body.length === 0 ? undefined : JSON.parse(body.toString()));
  } catch {
    done(Object.assign(new Error('the request body is not valid JSON'), { statusCode: 400 }));
  }
}
