import { createHash, createHmac, randomBytes, timingSafeEqual } from 'crypto';

/** A new session token: 32 random bytes, what the cookie carries. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its sha256, so a copy of the table signs nobody in. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random value for the sign-in form's double-submitted CSRF cookie. */
export function newLoginCsrfValue(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Keyed signatures made from `[security] SECRET_KEY`: the CSRF token of a
 * session (an HMAC of its token, so it needs no storage and changes with each
 * sign-in) and the pass of a sign-in waiting for its second factor. Each use
 * has its own key derived from the secret, so one can never stand for another.
 */
export class WebSigner {
  private readonly csrfKey: Buffer;
  private readonly pendingKey: Buffer;

  constructor(secretKey: string) {
    this.csrfKey = derive(secretKey, 'bellows web-session csrf');
    this.pendingKey = derive(secretKey, 'bellows web-session second factor');
  }

  csrfTokenOf(sessionToken: string): string {
    return createHmac('sha256', this.csrfKey).update(sessionToken).digest('base64url');
  }

  csrfTokenMatches(sessionToken: string, sent: string | undefined): boolean {
    return sent !== undefined && sameText(this.csrfTokenOf(sessionToken), sent);
  }

  /**
   * A pass saying "this user gave the right password" until `expiresAt`, for
   * the form's second step (the one-time code). It covers the stored password
   * hash, so a password change voids it. Knowing the password already lets
   * one try codes (Basic with X-Forgejo-OTP), so the pass grants nothing more.
   */
  pendingPass(userId: number, passwordHash: string, expiresAt: number): string {
    return `${userId}.${expiresAt}.${this.pendingMac(userId, passwordHash, expiresAt)}`;
  }

  /** Whose pass this claims to be (not yet checked: see pendingPassHolds). */
  static pendingPassUserId(pass: string | undefined): number | undefined {
    const userId = Number((pass ?? '').split('.')[0]);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : undefined;
  }

  /** Whether the pass is genuine, unexpired at `now`, and was made over this password hash of its user. */
  pendingPassHolds(pass: string, passwordHash: string, now: number): boolean {
    const [id, expires, mac] = pass.split('.');
    const userId = Number(id);
    const expiresAt = Number(expires);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(expiresAt) || expiresAt <= now || !mac) return false;
    return sameText(this.pendingMac(userId, passwordHash, expiresAt), mac);
  }

  private pendingMac(userId: number, passwordHash: string, expiresAt: number): string {
    return createHmac('sha256', this.pendingKey).update(`${userId}\n${expiresAt}\n${passwordHash}`).digest('base64url');
  }
}

function derive(secretKey: string, purpose: string): Buffer {
  return createHmac('sha256', secretKey).update(purpose).digest();
}

function sameText(expected: string, sent: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}
