import { HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ContainerGoneError } from '@bellows/domain';
import { BlobAbortedError, BlobMismatchError, BlobNotFoundError, BlobTooLargeError, InvalidBlobKeyError } from '@bellows/storage';
import { httpExceptionMessage } from './http-exception-message';

/** The realm git and git-lfs show when they prompt for credentials. */
export const AUTH_REALM = 'Basic realm="Bellows"';

const logger = new Logger('RawRoutes');

/**
 * Error replies of the raw routes (git, LFS, package registries), which live
 * outside Nest's exception filter: `{message, url}` like the API, and a Basic
 * challenge on 401 so that git, git-lfs and npm ask for credentials. Errors of
 * the storage adapter map to their 4xx here (the git routes turn the git
 * ports' errors into HttpExceptions first).
 */
export function sendRawRouteError(error: unknown, request: FastifyRequest, reply: FastifyReply, docsUrl: string): void {
  const { status, message } = describe(error, request);
  if (reply.sent || reply.raw.headersSent) {
    reply.raw.destroy();
    return;
  }
  if (status === HttpStatus.UNAUTHORIZED) reply.header('WWW-Authenticate', AUTH_REALM).header('LFS-Authenticate', AUTH_REALM);
  const isLfs = request.url.includes('/info/lfs/');
  reply
    .status(status)
    .header('content-type', isLfs ? 'application/vnd.git-lfs+json' : 'application/json; charset=utf-8')
    .send(JSON.stringify({ message, url: docsUrl }));
}

function describe(error: unknown, request: FastifyRequest): { status: number; message: string } {
  if (error instanceof HttpException) {
    return { status: error.getStatus(), message: httpExceptionMessage(error) };
  }
  if (error instanceof InvalidBlobKeyError) return { status: 400, message: error.message };
  if (error instanceof BlobNotFoundError) return { status: 404, message: error.message };
  if (error instanceof ContainerGoneError) return { status: 404, message: error.message };
  if (error instanceof BlobMismatchError) return { status: 422, message: error.message };
  if (error instanceof BlobTooLargeError) return { status: 413, message: error.message };
  if (error instanceof BlobAbortedError) return { status: 400, message: error.message };
  const fastifyError = error as { statusCode?: number; message?: string };
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return { status: fastifyError.statusCode, message: fastifyError.message ?? 'bad request' };
  }
  logger.error(`${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`);
  return { status: 500, message: 'internal server error' };
}
