import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { Socket } from 'net';
import { formatDuration } from '../config/duration';

/**
 * How long Bellows waits on a client that sends a request slowly
 * (`[server] READ_HEADER_TIMEOUT` and `READ_IDLE_TIMEOUT`). There is
 * deliberately no limit on a request's total time: a 1 GiB upload or a long
 * push may take as long as it needs while its bytes keep coming.
 */
export interface RequestTimeouts {
  /** The request line and headers must have arrived this long after they began (0: no limit). */
  readHeaderTimeoutMs: number;
  /** The longest pause in a body Bellows is reading before it answers 408 (0: no limit). */
  readIdleTimeoutMs: number;
}

/** After answering a too-slow client, how long its connection may stay open for it to read the answer. */
const LINGER_MS = 2000;

/**
 * Options for Node's `http.createServer`/`https.createServer` (Fastify's `http`
 * option, or its `https` one beside the TLS credentials). Node cuts a
 * connection whose headers are late only when it checks, every
 * `connectionsCheckingInterval`: checked a few times per timeout, at most every
 * second. `requestTimeout: 0` keeps Node from cutting long uploads at 5 minutes.
 */
export function nodeServerTimeouts(timeouts: RequestTimeouts): {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
} {
  const headersTimeout = timeouts.readHeaderTimeoutMs;
  return {
    requestTimeout: 0,
    headersTimeout,
    connectionsCheckingInterval: headersTimeout > 0 ? Math.min(1000, Math.max(50, Math.floor(headersTimeout / 4))) : 30_000,
  };
}

type ClientErrorHandler = (error: { code?: string }, socket: Socket) => void;

/**
 * Wraps Fastify's `clientErrorHandler`: Node reports headers that did not
 * arrive within `READ_HEADER_TIMEOUT` as a client error (ERR_HTTP_REQUEST_TIMEOUT),
 * answered here with 408 and the APIError body. The connection is then closed
 * for good (a slow client would otherwise keep it half open); other client
 * errors go to `next`.
 */
export function answeringHeaderTimeouts(next: ClientErrorHandler, docsUrl: string, timeouts: RequestTimeouts): ClientErrorHandler {
  const message = `the request headers did not arrive within ${formatDuration(timeouts.readHeaderTimeoutMs)} ([server] READ_HEADER_TIMEOUT)`;
  return (error, socket) => {
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return next(error, socket);
    const response = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (!socket.writable || response?.headersSent) return void socket.destroy();
    const body = JSON.stringify({ message, url: docsUrl });
    socket.end(
      `HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * Answers 408 to a request whose body stops arriving: when Bellows is reading
 * a body and no byte of it has come for `READ_IDLE_TIMEOUT`, the client gets
 * `{message, url}` (if no answer was started) and the connection is closed.
 * The request stream then fails with a RequestBodyTimeoutError, so the handler
 * reading it cleans up as for a client that went away (a storage write removes
 * its temporary file).
 *
 * Installed once on the HTTP server, it watches every request with a body: the
 * API's JSON, multipart uploads, and the raw routes (git, LFS, packages,
 * artifacts). Only the client's silence counts: while the server itself is not
 * reading (busy before it starts, or holding back a fast sender because
 * storage is slower), the clock does not run. A body that keeps coming, however
 * slowly in all, is never cut.
 */
export class RequestBodyWatchdog {
  private readonly message: string;
  private readonly stepMs: number;

  constructor(
    private readonly idleMs: number,
    private readonly docsUrl: string,
  ) {
    this.message = `no part of the request body arrived for ${formatDuration(idleMs)} ([server] READ_IDLE_TIMEOUT)`;
    this.stepMs = Math.min(1000, Math.max(10, Math.floor(idleMs / 4)));
  }

  install(server: Pick<Server, 'on'>): void {
    if (this.idleMs <= 0) return;
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (hasBody(request)) this.watch(request, response);
    });
  }

  private watch(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    let bytesSeen = socket.bytesRead;
    let quietSince = Date.now();
    const check = () => {
      if (request.complete || request.destroyed || socket.destroyed) return;
      const now = Date.now();
      // Waiting on the client: the body is being read and nothing of it is left unread.
      const waitingOnClient = request.readableFlowing === true && request.readableLength === 0;
      if (socket.bytesRead !== bytesSeen || !waitingOnClient) {
        bytesSeen = socket.bytesRead;
        quietSince = now;
      } else if (now - quietSince >= this.idleMs) {
        return this.cutOff(request, response);
      }
      setTimeout(check, this.stepMs).unref();
    };
    setTimeout(check, this.stepMs).unref();
  }

  private cutOff(request: IncomingMessage, response: ServerResponse): void {
    // Ending the request (which closes the connection) is what tells its reader the body will not come:
    // once an answer is written, Node no longer ends the request itself when the connection closes.
    const abandon = () => void request.destroy(new RequestBodyTimeoutError(this.message));
    if (response.headersSent || response.writableEnded) return abandon();
    const body = JSON.stringify({ message: this.message, url: this.docsUrl });
    response.writeHead(408, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body, abandon);
    setTimeout(abandon, LINGER_MS).unref(); // a client that does not even read its answer
  }
}

/** The error a stalled request's reader sees: its body stopped arriving and the connection was closed. */
export class RequestBodyTimeoutError extends Error {
  readonly code = 'ERR_REQUEST_BODY_TIMEOUT';
}

/** Whether the request announces a body (a length above 0, or chunks). */
function hasBody(request: IncomingMessage): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && length !== '0';
}
