import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What an LFS action token lets its bearer do: one operation on one repository, for a while. */
export interface LfsActionGrant {
  userId: number;
  repoId: number;
  operation: 'upload' | 'download';
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The `Authorization` scheme of the headers the batch API hands out with its actions. */
export const LFS_ACTION_SCHEME = 'Bellows-LFS';

/**
 * Short-lived credentials for the transfer requests the batch API describes.
 * The batch request was authenticated (perhaps with a password and a one-time
 * code that must not be replayed); the object transfers that follow carry this
 * signed grant instead, as Forgejo does with its own LFS tokens.
 * Form: `<payload base64url>.<HMAC-SHA256 base64url>`, keyed from SECRET_KEY.
 */
export class LfsActionTokens {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'bellows', 'lfs action token v1', 32));
  }

  sign(grant: LfsActionGrant): string {
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The grant, or null when the token is malformed, forged or expired. */
  verify(token: string, now = Date.now()): LfsActionGrant | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const grant = parseGrant(Buffer.from(payload, 'base64url').toString('utf8'));
    return grant && grant.expiresAt > now ? grant : null;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function parseGrant(json: string): LfsActionGrant | null {
  try {
    const value = JSON.parse(json) as Partial<LfsActionGrant>;
    const valid =
      Number.isInteger(value.userId) &&
      Number.isInteger(value.repoId) &&
      Number.isFinite(value.expiresAt) &&
      (value.operation === 'upload' || value.operation === 'download');
    return valid ? (value as LfsActionGrant) : null;
  } catch {
    return null;
  }
}
