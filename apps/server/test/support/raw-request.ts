import { request as httpRequest } from 'http';

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: any;
}

/**
 * Sends exactly the bytes given: the path is not normalised (fetch would turn
 * `/users/..` into `/`) and the body may be invalid UTF-8 or invalid JSON.
 */
export function sendRaw(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method,
        path: options.path,
        headers: { ...(options.headers ?? {}), ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text.length ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
