import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ServerResponse } from 'http';
import { ContainerGoneError } from '@bellows/domain';
import { httpExceptionMessage } from './http-exception-message';

/** Where every error body's `url` points: the browsable API description. */
export function apiDocsUrl(rootUrl: string): string {
  return `${rootUrl}api/swagger`;
}

/**
 * Every error leaves as Forgejo's APIError: `{"message": "...", "url": "..."}`.
 * Unexpected errors are logged and answered with a plain 500 message: no stack
 * trace or internal detail ever reaches a client.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  constructor(private readonly docsUrl: string) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply | ServerResponse>();
    const request = http.getRequest<FastifyRequest>();
    const { status, message } = this.describe(exception, request);
    const body = { message, url: this.docsUrl };
    if (reply instanceof ServerResponse) return sendOnRawResponse(reply, status, body);
    if (reply.sent) return;
    reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private describe(exception: unknown, request: FastifyRequest): { status: number; message: string } {
    if (exception instanceof HttpException) {
      return { status: exception.getStatus(), message: httpExceptionMessage(exception) };
    }
    // A container deleted while the request ran is what it would have been a moment later: not found.
    if (exception instanceof ContainerGoneError) return { status: HttpStatus.NOT_FOUND, message: exception.message };
    // Errors raised by Fastify itself (bad JSON, body too large, bad content type) carry a statusCode.
    const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
    if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return { status: fastifyError.statusCode, message: describeFastifyError(fastifyError) };
    }
    if (isUnstorableTextError(exception)) {
      return { status: HttpStatus.BAD_REQUEST, message: 'the request contains a character that cannot be stored (such as NUL)' };
    }
    this.logger.error(`${request.method} ${request.url}: ${(exception as Error)?.stack ?? String(exception)}`);
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'internal server error' };
  }
}

/**
 * PostgreSQL refuses NUL and invalid byte sequences in text (SQLSTATE 22021,
 * 22P05). Only client input can carry them, so when one slips past validation
 * (say, into a credential lookup) it is the client's error, not a 500.
 */
function isUnstorableTextError(exception: unknown): boolean {
  const codes = [(exception as { code?: unknown })?.code, (exception as { driverError?: { code?: unknown } })?.driverError?.code];
  return codes.some((code) => code === '22021' || code === '22P05');
}

function describeFastifyError(error: { code?: string; message?: string }): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `request body is not valid JSON: ${error.message ?? ''}`.trim();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `unsupported content type: ${error.message ?? ''}`.trim();
    case 'FST_ERR_BAD_URL':
      return 'the request URL is not validly percent-encoded';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'a path parameter of the request URL is too long';
    default:
      return error.message ?? 'bad request';
  }
}

/** The part of a Fastify reply used here (Nest's adapter may bring its own copy of Fastify's types). */
interface ReplyLike {
  status(code: number): ReplyLike;
  header(name: string, value: string): ReplyLike;
  send(body: unknown): unknown;
}

/**
 * Fastify answers a few malformed requests (bad percent-encoding in the URL, an
 * over-long path parameter) before any route or Nest filter runs. This handler,
 * passed as Fastify's `frameworkErrors` option, gives those the APIError body too.
 */
export function frameworkErrorHandler(docsUrl: string) {
  return (error: { statusCode?: number; code?: string; message?: string }, _request: unknown, reply: ReplyLike): void => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    reply
      .status(status)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message: describeFastifyError(error), url: docsUrl });
  };
}

const CLIENT_ERROR_STATUS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'the request line or headers are too large (16 KiB at most)'],
  HPE_URI_TOO_LONG: [414, 'URI Too Long', 'the URL is too long'],
};

/**
 * Requests Node's HTTP parser rejects (headers or URL too large, broken
 * framing) never reach Fastify's routing. This handler, passed as Fastify's
 * `clientErrorHandler`, answers them with the APIError body and then ends the
 * connection gracefully, so the client reads the answer instead of a reset.
 */
export function clientErrorHandler(docsUrl: string) {
  return (error: { code?: string }, socket: { writable: boolean; end(data: string): void; destroy(): void }): void => {
    if (!socket.writable) return socket.destroy();
    const [status, reason, message] = CLIENT_ERROR_STATUS[error.code ?? ''] ?? [400, 'Bad Request', 'malformed HTTP request'];
    const body = JSON.stringify({ message, url: docsUrl });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/**
 * Errors thrown in Nest middleware reach the filter with Node's own response
 * (middleware runs before Fastify wraps it in a reply): answer on that.
 */
function sendOnRawResponse(response: ServerResponse, status: number, body: { message: string; url: string }): void {
  if (response.headersSent) return void response.destroy();
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
