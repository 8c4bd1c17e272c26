import { createHmac, timingSafeEqual } from 'crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';

/**
 * A webhook target for end-to-end tests: a loopback HTTP server that records
 * every request Bellows delivers to it, so a test can wait for the delivery of
 * one event and check its headers, body and signature as a CI would.
 */
export interface WebhookDelivery {
  method: string;
  /** The path and query the hook's URL named. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body exactly as received (what the signature covers). */
  raw: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: any;
  /** X-Forgejo-Event (falling back to X-Gitea-Event): `issues`, `pull_request`, … */
  event: string;
  /** X-Forgejo-Event-Type: the precise hook event (`issue_label`, `pull_request_review_approved`, …). */
  eventType: string;
  /** Whether the body's HMAC-SHA256 under `secret` is what X-Forgejo-Signature and X-Hub-Signature-256 say. */
  signedWith(secret: string): boolean;
}

export interface WebhookReceiver {
  /** Where to point a hook: `http://127.0.0.1:{port}/hook` (add a path of your own if you like). */
  url: string;
  /** Every delivery so far, oldest first. */
  deliveries: WebhookDelivery[];
  /**
   * Resolves with the first delivery (already received or arriving later)
   * that `matches`; rejects after `timeoutMs` naming what did arrive.
   */
  waitFor(matches: (delivery: WebhookDelivery) => boolean, timeoutMs?: number): Promise<WebhookDelivery>;
  /** Resolves when no delivery matching `matches` arrives within `quietMs` (for "nothing was sent" checks). */
  expectNone(matches: (delivery: WebhookDelivery) => boolean, quietMs?: number): Promise<void>;
  /** The HTTP status the receiver answers with from now on (200 unless set). */
  respondWith(status: number): void;
  close(): Promise<void>;
}

/** A delivery's event type and action: `receiver.waitFor(ofEvent('issues', 'opened'))`. */
export function ofEvent(eventType: string, action?: string, extra: (body: any) => boolean = () => true) {
  return (delivery: WebhookDelivery) =>
    delivery.eventType === eventType && (action === undefined || delivery.body?.action === action) && extra(delivery.body);
}

export function hmacHex(secret: string, raw: Buffer): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

function sameHex(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

function toDelivery(request: IncomingMessage, raw: Buffer): WebhookDelivery {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : (value ?? '');
  let body: any;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    body = undefined;
  }
  return {
    method: request.method ?? '',
    path: request.url ?? '',
    headers,
    raw,
    body,
    event: headers['x-forgejo-event'] ?? headers['x-gitea-event'] ?? '',
    eventType: headers['x-forgejo-event-type'] ?? headers['x-gitea-event-type'] ?? '',
    signedWith(secret: string) {
      const expected = hmacHex(secret, raw);
      return sameHex(expected, headers['x-forgejo-signature']) && sameHex(`sha256=${expected}`, headers['x-hub-signature-256']);
    },
  };
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: WebhookDelivery[] = [];
  const waiters = new Set<(delivery: WebhookDelivery) => void>();
  let status = 200;
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = toDelivery(request, Buffer.concat(chunks));
      deliveries.push(delivery);
      for (const waiter of [...waiters]) waiter(delivery);
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function waitFor(matches: (delivery: WebhookDelivery) => boolean, timeoutMs = 10_000): Promise<WebhookDelivery> {
    const already = deliveries.find(matches);
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const waiter = (delivery: WebhookDelivery) => {
        if (!matches(delivery)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(delivery);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const seen = deliveries.map((d) => `${d.eventType}/${d.body?.action ?? '-'}`).join(', ') || 'nothing';
        reject(new Error(`no matching webhook delivery within ${timeoutMs} ms; received: ${seen}`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  async function expectNone(matches: (delivery: WebhookDelivery) => boolean, quietMs = 1500): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const unexpected = deliveries.filter(matches);
    if (unexpected.length)
      throw new Error(`unexpected webhook deliveries: ${unexpected.map((d) => `${d.eventType}/${d.body?.action ?? '-'}`).join(', ')}`);
  }

  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    waitFor,
    expectNone,
    respondWith: (next) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
