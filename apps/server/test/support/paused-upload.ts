import { request as httpRequest, type ClientRequest } from 'http';
import { randomBytes } from 'crypto';

/** The answer to a held upload, once its body was released. */
export interface HeldUploadResult {
  status: number;
  body: any;
}

/**
 * A multipart upload whose body is held back: the headers and the first part
 * of the file are sent at once, the rest only when `release()` is called. The
 * server is then mid-body (streaming into storage) for as long as the test
 * wants, which is how a slow client looks; the test does something else in
 * between (a deletion) and then lets the body finish.
 */
export interface HeldUpload {
  /** Resolves once the first bytes were handed to the socket. */
  started: Promise<void>;
  /** Sends the rest of the body and resolves with the answer. */
  release(): Promise<HeldUploadResult>;
}

export function holdMultipartUpload(url: string, token: string, options: { size?: number; fileName?: string } = {}): HeldUpload {
  const size = options.size ?? 256 * 1024;
  const boundary = `----bellows${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${options.fileName ?? 'held.bin'}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const content = randomBytes(size);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const split = Math.floor(size / 2);
  return holdBody(url, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    first: Buffer.concat([head, content.subarray(0, split)]),
    rest: Buffer.concat([content.subarray(split), tail]),
  });
}

/** Any request whose body is sent in two parts, the second on `release()`. */
export function holdBody(url: string, options: { method: string; headers: Record<string, string>; first: Buffer; rest: Buffer }): HeldUpload {
  const target = new URL(url);
  let req!: ClientRequest;
  const answer = new Promise<HeldUploadResult>((resolve, reject) => {
    req = httpRequest(
      {
        host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: options.method,
        headers: { ...options.headers, 'content-length': String(options.first.length + options.rest.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  const started = new Promise<void>((resolve) => req.write(options.first, () => resolve()));
  return {
    started,
    release: async () => {
      req.end(options.rest);
      return answer;
    },
  };
}

/**
 * Resolves once the server is streaming an upload into storage (a temporary
 * file exists under `{storage}/.tmp`): from then on, the request has passed
 * its checks and is mid-body. Gives up after `timeoutMs`.
 */
export async function untilStoring(storageRoot: string, timeoutMs = 10_000): Promise<void> {
  const { readdir } = await import('fs/promises');
  const { join } = await import('path');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(join(storageRoot, '.tmp')).catch(() => [] as string[]);
    if (names.some((name) => name.endsWith('.part'))) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no upload reached storage under ${storageRoot} within ${timeoutMs} ms`);
}
