import { HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ContainerGoneError } from '@bellows/domain';
import { BlobAbortedError, BlobMismatchError, BlobTooLargeError } from '@bellows/storage';

/** Twirp error codes by HTTP status (https://twitchtv.github.io/twirp/docs/spec_v7.html). */
const CODES: Record<number, string> = {
  400: 'invalid_argument',
  401: 'unauthenticated',
  403: 'permission_denied',
  404: 'not_found',
  409: 'already_exists',
  410: 'not_found',
  413: 'resource_exhausted',
  422: 'invalid_argument',
};

const logger = new Logger('ArtifactProtocol');

/**
 * Answers an error the way Twirp clients expect: `{code, msg}`. Refusals stay
 * 4xx, because the artifact client retries 5xx answers; only unexpected
 * failures are 500 (`internal`).
 */
export function sendTwirpError(error: unknown, reply: FastifyReply): void {
  const status = statusOf(error);
  if (status >= 500) logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  const msg = status >= 500 ? 'internal error' : error instanceof Error ? error.message : String(error);
  const twirpStatus = status === 422 ? 400 : status === 410 ? 404 : status;
  void reply
    .code(twirpStatus)
    .type('application/json')
    .send({ code: CODES[status] ?? 'internal', msg });
}

/** The HTTP status an error of the artifact routes stands for. */
export function statusOf(error: unknown): number {
  if (error instanceof HttpException) return error.getStatus();
  if (error instanceof ContainerGoneError) return 404;
  if (error instanceof BlobTooLargeError) return 413;
  if (error instanceof BlobMismatchError || error instanceof BlobAbortedError) return 400;
  const fastifyStatus = (error as { statusCode?: number })?.statusCode;
  return typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500 ? fastifyStatus : 500;
}
