import { HttpException, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpExceptionMessage } from '../../http/http-exception-message';
import { escapeHtml, renderWebPage, WEB_PAGE_HEADERS } from './web-page';

const logger = new Logger('WebPages');

/** Thrown by a web page to answer with an HTML error page (404 for what the viewer may not see). */
export class WebPageError extends HttpException {}

/** A web route's error as an HTML page: its status and message, or 500 with nothing of the cause. */
export function sendWebError(error: unknown, request: FastifyRequest, reply: FastifyReply, base: string): void {
  if (reply.sent || reply.raw.headersSent) return void reply.raw.destroy();
  let status = 500;
  let message = 'Something went wrong on our side.';
  if (error instanceof HttpException) {
    status = error.getStatus();
    message = status === 404 ? 'The page you asked for does not exist, or you may not see it.' : httpExceptionMessage(error);
  } else {
    const fastifyError = error as { statusCode?: number; message?: string };
    if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      status = fastifyError.statusCode;
      message = fastifyError.message ?? 'bad request';
    } else {
      logger.error(`${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`);
    }
  }
  const title = status === 404 ? 'Not found' : `Error ${status}`;
  reply
    .status(status)
    .headers(WEB_PAGE_HEADERS)
    .send(renderWebPage({ base, title, main: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>` }));
}
