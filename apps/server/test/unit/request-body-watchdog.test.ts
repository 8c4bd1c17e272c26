import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import { RequestBodyWatchdog } from '../../src/http/request-timeouts';
import { RawConnection, requestHead } from '../support/raw-socket';

const IDLE_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare HTTP server with the watchdog, whose handler starts reading the body after `readAfterMs`. */
async function serverReadingAfter(readAfterMs: number): Promise<{ url: string; server: Server; errors: Error[] }> {
  const errors: Error[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.on('error', (error) => errors.push(error));
    setTimeout(() => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => response.end(`got ${Buffer.concat(chunks).length} bytes`));
    }, readAfterMs);
  });
  new RequestBodyWatchdog(IDLE_MS, 'http://docs/').install(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server, errors };
}

describe('RequestBodyWatchdog', () => {
  let current: { url: string; server: Server; errors: Error[] } | undefined;
  afterEach(async () => {
    current?.server.closeAllConnections();
    await new Promise((resolve) => current?.server.close(resolve));
  });

  it('does not count the time the server itself is not reading', async () => {
    const { url } = (current = await serverReadingAfter(4 * IDLE_MS));
    const connection = await RawConnection.open(url);
    await connection.write(requestHead('PUT', '/', { 'content-length': 10 }));
    await connection.write('12345');
    await sleep(3 * IDLE_MS); // the client is silent, but nobody is reading yet
    await connection.write('67890');
    const answer = await connection.exchange(3000);
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/got 10 bytes$/);
  });

  it('answers 408 once the server reads and the client stays silent, and fails the request for its reader', async () => {
    const { url, errors } = (current = await serverReadingAfter(0));
    const connection = await RawConnection.open(url);
    await connection.write(requestHead('PUT', '/', { 'content-length': 10 }));
    await connection.write('12345');
    const answer = await connection.exchange(3000, { untilClosed: true });
    expect(answer.status).toBe(408);
    expect(answer.json).toEqual({
      message: 'no part of the request body arrived for 300ms ([server] READ_IDLE_TIMEOUT)',
      url: 'http://docs/',
    });
    expect(answer.answeredAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 20);
    expect(answer.closedAfterMs).toBeDefined();
    await sleep(50);
    expect(errors.map((error) => error.message)).toEqual(['no part of the request body arrived for 300ms ([server] READ_IDLE_TIMEOUT)']);
  });
});
