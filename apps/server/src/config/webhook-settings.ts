import { isIP } from 'node:net';
import { ConfigError } from './config-error';
import { SectionReader } from './section-reader';

/** Forgejo's `[webhook]` keys, and Bellows' own retry keys (see docs/configuration.md). */
export interface WebhookSettings {
  /** [webhook] DELIVER_TIMEOUT: seconds a receiver has to answer (default 5), in ms here. */
  deliverTimeoutMs: number;
  /**
   * [webhook] ALLOWED_HOST_LIST: where deliveries may go, checked on the
   * resolved address when connecting: `loopback`, `private`, `external`
   * (default), `*`, host globs and CIDRs; lower-cased entries.
   */
  allowedHostList: string[];
  /** [webhook] SKIP_TLS_VERIFY: accept any certificate from receivers (default false). */
  skipTlsVerify: boolean;
  /** [webhook] MAX_ATTEMPTS (Bellows): attempts before a delivery is given up (default 5). */
  maxAttempts: number;
  /** [webhook] RETRY_BACKOFF (Bellows): the wait after the first failed attempt, doubled after each (default 10s). */
  retryBackoffMs: number;
}

export function readWebhookSettings(webhook: SectionReader): WebhookSettings {
  const allowedHostList = webhook
    .string('ALLOWED_HOST_LIST', 'external')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  for (const entry of allowedHostList) {
    const slash = entry.indexOf('/');
    if (slash >= 0) {
      const bits = Number(entry.slice(slash + 1));
      const family = isIP(entry.slice(0, slash));
      if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) {
        throw new ConfigError('[webhook] ALLOWED_HOST_LIST', `"${entry}" is not a CIDR (like 10.0.0.0/8)`);
      }
    }
  }
  return {
    deliverTimeoutMs: webhook.integer('DELIVER_TIMEOUT', 5, 1, 3600) * 1000,
    allowedHostList,
    skipTlsVerify: webhook.boolean('SKIP_TLS_VERIFY', false),
    maxAttempts: webhook.integer('MAX_ATTEMPTS', 5, 1, 100),
    retryBackoffMs: webhook.duration('RETRY_BACKOFF', 10_000, 24 * 3600 * 1000),
  };
}
