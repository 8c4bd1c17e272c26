import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { HookDelivery, hookEventFamily, NewHookDeliveryAttempt, Webhook } from '@bellows/domain';
import { WebhookSettings } from '../../config/webhook-settings';
import { HostAllowList } from './host-allow-list';

/** How much of a receiver's answer is kept with the attempt. */
const RESPONSE_EXCERPT_BYTES = 4096;

/** What a delivery needs of its hook, opened: the secret and authorization in clear. */
export interface DeliveryTarget {
  hook: Webhook;
  secret: string;
  authorization: string;
}

class BlockedHostError extends Error {}

/**
 * Sends one delivery as Forgejo does: a POST of the payload (JSON, or a form
 * whose `payload` field holds it) with Forgejo's, Gitea's, Gogs' and GitHub's
 * event, delivery and signature headers, the HMAC-SHA256 of the JSON under
 * the hook's secret. Where it may go is checked on the address the host name
 * resolves to, when connecting, so a name that later resolves elsewhere (DNS
 * rebinding) is still refused. Never throws: the attempt says what happened.
 */
export class DeliverySender {
  private readonly allowList: HostAllowList;

  constructor(private readonly settings: WebhookSettings) {
    this.allowList = new HostAllowList(settings.allowedHostList);
  }

  async send(delivery: HookDelivery, target: DeliveryTarget): Promise<NewHookDeliveryAttempt> {
    const { hook } = target;
    const json = delivery.payload;
    const body = hook.contentType === 'form' ? `payload=${encodeURIComponent(json)}` : json;
    const headers = deliveryHeaders(delivery, target, json);
    const startedAt = new Date();
    const recorded = { ...headers, ...(headers.Authorization ? { Authorization: '(hidden)' } : {}) };
    const attempt = (rest: Pick<NewHookDeliveryAttempt, 'responseStatus' | 'responseBody' | 'error'>): NewHookDeliveryAttempt => ({
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      requestUrl: hook.url,
      requestHeaders: recorded,
      requestBody: body,
      ...rest,
    });
    try {
      const { status, excerpt } = await this.post(hook.url, headers, body);
      return attempt({ responseStatus: status, responseBody: excerpt, error: null });
    } catch (error) {
      return attempt({ responseStatus: null, responseBody: '', error: describe(error) });
    }
  }

  private post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; excerpt: string }> {
    const target = new URL(url);
    const hostname = target.hostname.replace(/^\[|\]$/g, '');
    const nameAllowed = this.allowList.allowsName(hostname);
    if (isIP(hostname) !== 0 && !nameAllowed && !this.allowList.allowsAddress(hostname)) {
      return Promise.reject(new BlockedHostError(`${hostname} is not allowed by [webhook] ALLOWED_HOST_LIST`));
    }
    const lookup: LookupFunction = (name, options, callback) => {
      dnsLookup(name, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 4);
        const allowed = addresses.filter((a) => nameAllowed || this.allowList.allowsAddress(a.address));
        if (allowed.length === 0) {
          const seen = addresses.map((a) => a.address).join(', ');
          return callback(new BlockedHostError(`${name} (${seen}) is not allowed by [webhook] ALLOWED_HOST_LIST`), '', 4);
        }
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
        return callback(null, allowed[0].address, allowed[0].family);
      });
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
          lookup,
          timeout: this.settings.deliverTimeoutMs,
          rejectUnauthorized: !this.settings.skipTlsVerify,
        },
        (response) => readExcerpt(response).then((excerpt) => resolve({ status: response.statusCode ?? 0, excerpt }), reject),
      );
      // The whole exchange, not only each pause, must fit in DELIVER_TIMEOUT.
      const deadline = setTimeout(
        () => request.destroy(new Error(`no answer within ${this.settings.deliverTimeoutMs / 1000}s`)),
        this.settings.deliverTimeoutMs,
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${this.settings.deliverTimeoutMs / 1000}s`)));
      request.on('error', reject);
      request.on('close', () => clearTimeout(deadline));
      request.end(body);
    });
  }
}

function deliveryHeaders(delivery: HookDelivery, target: DeliveryTarget, json: string): Record<string, string> {
  const family = hookEventFamily(delivery.event);
  const headers: Record<string, string> = {
    'Content-Type': target.hook.contentType === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    'User-Agent': 'Bellows-Hookshot',
  };
  for (const vendor of ['Forgejo', 'Gitea', 'Gogs', 'GitHub']) {
    headers[`X-${vendor}-Delivery`] = delivery.uuid;
    headers[`X-${vendor}-Event`] = family;
    headers[`X-${vendor}-Event-Type`] = delivery.event;
  }
  if (target.secret !== '') {
    const sha256 = createHmac('sha256', target.secret).update(json).digest('hex');
    headers['X-Forgejo-Signature'] = sha256;
    headers['X-Gitea-Signature'] = sha256;
    headers['X-Gogs-Signature'] = sha256;
    headers['X-Hub-Signature'] = `sha1=${createHmac('sha1', target.secret).update(json).digest('hex')}`;
    headers['X-Hub-Signature-256'] = `sha256=${sha256}`;
  }
  if (target.authorization !== '') headers.Authorization = target.authorization;
  return headers;
}

/** The start of the answer; the rest is drained and dropped. */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    response.on('data', (chunk: Buffer) => {
      if (kept < RESPONSE_EXCERPT_BYTES) {
        chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
        kept += Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - kept);
      }
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
  });
}

function describe(error: unknown): string {
  if (error instanceof Error)
    return (error as NodeJS.ErrnoException).code ? `${(error as NodeJS.ErrnoException).code}: ${error.message}` : error.message;
  return String(error);
}
