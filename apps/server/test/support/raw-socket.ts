import { connect, Socket } from 'net';

/** What came back on a raw connection, and when. */
export interface SocketExchange {
  /** Everything the server wrote, as text. */
  text: string;
  /** The status of the first response, or 0 when none came. */
  status: number;
  /** The body of the first response, parsed as JSON when it is JSON. */
  json: any;
  /** Milliseconds from the last byte written to the first byte of the answer (or to the close when none came). */
  answeredAfterMs: number;
  /** Milliseconds from the last byte written to the server closing the connection; undefined when it stayed open. */
  closedAfterMs?: number;
}

/**
 * A connection that writes exactly the bytes given, when told to: for requests
 * no HTTP client would send (a multipart body without its closing boundary, a
 * body that stops half-way, headers sent a few bytes at a time).
 */
export class RawConnection {
  private readonly socket: Socket;
  private readonly chunks: Buffer[] = [];
  private lastWriteAt = Date.now();
  private firstByteAt?: number;
  private closedAt?: number;
  private wake: () => void = () => undefined;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.firstByteAt ??= Date.now();
      this.chunks.push(chunk);
      this.wake();
    });
    socket.on('error', () => undefined); // a reset is an answer too: `closedAfterMs` tells
    socket.on('close', () => {
      this.closedAt = Date.now();
      this.wake();
    });
  }

  /** Resolves at the next bytes from the server or at the close. */
  private nextEvent(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  static open(baseUrl: string): Promise<RawConnection> {
    const url = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  async write(data: string | Buffer): Promise<void> {
    await new Promise<void>((resolve, reject) => this.socket.write(data, (error) => (error ? reject(error) : resolve())));
    this.lastWriteAt = Date.now();
  }

  /**
   * Waits at most `waitMs` for the server's first response to arrive whole (by
   * its Content-Length) or for the connection to close; with `untilClosed`,
   * also for the close. Then closes our side.
   */
  async exchange(waitMs: number, { untilClosed = false } = {}): Promise<SocketExchange> {
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline && this.closedAt === undefined && !(this.responseComplete() && !untilClosed)) {
      await Promise.race([
        this.nextEvent(),
        new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref()),
      ]);
    }
    const closedAt = this.closedAt;
    this.socket.destroy();
    const text = Buffer.concat(this.chunks).toString('utf8');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
    const bodyText = text.split('\r\n\r\n').slice(1).join('\r\n\r\n');
    let json: unknown;
    try {
      json = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      json = undefined;
    }
    return {
      text,
      status,
      json,
      answeredAfterMs: (this.firstByteAt ?? closedAt ?? Date.now()) - this.lastWriteAt,
      closedAfterMs: closedAt === undefined ? undefined : closedAt - this.lastWriteAt,
    };
  }

  /** Whether a whole response with a Content-Length has arrived. */
  private responseComplete(): boolean {
    const received = Buffer.concat(this.chunks);
    const headEnd = received.indexOf('\r\n\r\n');
    if (headEnd < 0) return false;
    const length = /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'));
    return length !== null && received.length - headEnd - 4 >= Number(length[1]);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** The head of an HTTP/1.1 request with the headers given (Host added). */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: localhost', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}
