import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ArtifactBlobHandler } from './artifact-blob.handler';
import { ArtifactTwirpHandler } from './artifact-twirp.handler';
import { mountRawRoutes, parseJsonBody, RouteOf } from '../../../http/raw-routes';
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
    mountRawRoutes(this.adapterHost, (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: TWIRP_BODY_LIMIT }, parseJsonBody);
      scope.setErrorHandler((error, _request, reply) => sendTwirpError(error, reply));
      scope.post<RouteOf<ArtifactTwirpHandler['handle']>>(
        '/twirp/github.actions.results.api.v1.ArtifactService/:method',
        (request, reply) => this.twirp.handle(request, reply),
      );
    });
    mountRawRoutes(this.adapterHost, (scope) => {
      scope.put<RouteOf<ArtifactBlobHandler['upload']>>('/api/actions/artifact-uploads/:id', (request, reply) =>
        this.blobs.upload(request, reply),
      );
      scope.get<RouteOf<ArtifactBlobHandler['download']>>('/api/actions/artifacts/:id/content', (request, reply) =>
        this.blobs.download(request, reply),
      );
    });
  }
}
