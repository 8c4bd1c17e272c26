import type { FastifyReply } from 'fastify';

/**
 * How long a presigned download URL works (SERVE_DIRECT): long enough for a
 * client to follow the redirect and start, short enough that a URL copied out
 * of a log is soon useless (as Forgejo's 5 minutes).
 */
export const DIRECT_DOWNLOAD_SECONDS = 300;

/**
 * Sends the caller to a presigned URL of the object store instead of streaming
 * (SERVE_DIRECT). Forgejo answers 303 for attachments and package files (its
 * default redirect) and 302 for artifacts; `no-store`, as the URL expires.
 * Sets the status and headers; the caller sends (or lets Nest send) the empty body.
 */
export function redirectToDirectUrl(reply: FastifyReply, url: string, status: 302 | 303 | 307): FastifyReply {
  return reply.status(status).header('location', url).header('cache-control', 'no-store');
}
