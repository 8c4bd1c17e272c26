import { createHmac, hkdfSync, timingSafeEqual } from 'crypto';

/**
 * Short-lived signed URLs for artifact uploads and downloads: whoever holds
 * one may use that one path until it expires, without other credentials (the
 * artifact client sends none to blob storage). The signature covers the path
 * and the expiry, so a URL cannot be moved to another artifact or prolonged.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(
    secretKey: string,
    private readonly rootUrl: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'bellows', 'actions signed url v1', 32));
  }

  /** `{ROOT_URL}{path}?expires=…&sig=…`; `path` has no leading slash. */
  sign(path: string, lifetimeMs: number, now = Date.now()): string {
    const expires = String(Math.floor((now + lifetimeMs) / 1000));
    const url = new URL(path, this.rootUrl);
    url.searchParams.set('expires', expires);
    url.searchParams.set('sig', this.signature(path, expires));
    return url.toString();
  }

  /** Whether `sig` signs `path` (as given to sign) until `expires`, and that time has not passed. */
  verify(path: string, expires: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 <= now) return false;
    const expected = Buffer.from(this.signature(path, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(path: string, expires: string): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('base64url');
  }
}
