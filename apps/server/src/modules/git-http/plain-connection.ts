import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

/**
 * The TCP connection of a plain HTTP/1.x request, into which another process
 * (git) may write a response body directly; undefined where the bytes must
 * pass through this process: over TLS (they are encrypted here), HTTP/2, or a
 * connection without a file descriptor (an injected request in tests).
 */
export function plainConnectionOf(request: IncomingMessage): Socket | undefined {
  const socket = request.socket;
  if (request.httpVersionMajor !== 1 || !(socket instanceof Socket) || (socket as TLSSocket).encrypted) return undefined;
  const handle = (socket as unknown as { _handle?: { fd?: unknown } })._handle;
  return typeof handle?.fd === 'number' && handle.fd >= 0 ? socket : undefined;
}

/**
 * Sends a 200 response's status line and headers for a body that another
 * process writes into the connection: with neither a length nor chunks, the
 * body ends when the connection closes (RFC 9112 §6.3), so `Connection: close`.
 * Resolves once the head is in the kernel, so that the body written from
 * elsewhere follows it. End the response when the body is complete (Node then
 * closes the connection), or reset the connection when it is not.
 */
export function writeCloseDelimitedHead(response: ServerResponse, headers: Record<string, string>): Promise<void> {
  response.statusCode = 200;
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  response.setHeader('connection', 'close');
  response.removeHeader('transfer-encoding'); // Node's way of saying "no chunked encoding"
  return new Promise((resolve, reject) => response.write('', (error) => (error ? reject(error) : resolve())));
}
