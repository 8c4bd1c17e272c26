import { createHmac, timingSafeEqual } from 'crypto';
import { CodeChallengeMethod } from '@bellows/domain';

/** How long the user has to answer the consent page. */
const CONSENT_LIFETIME_MS = 10 * 60 * 1000;

/** An authorization request the user is asked to grant, as the consent page carries it to the grant endpoint. */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge: string;
  codeChallengeMethod: CodeChallengeMethod | '';
  /** OpenID Connect nonce, repeated in the ID token. */
  nonce: string;
  userId: number;
}

interface SignedConsent extends ConsentRequest {
  expiresAt: number;
}

/**
 * The consent page's proof that the grant which follows answers it. Forgejo
 * keeps the request in the web session and checks a CSRF token; Bellows has no
 * web session, so the page carries the request signed with the server's secret
 * key (HMAC-SHA256), bound to the user and valid for ten minutes. Another site
 * cannot read the page, so it cannot forge a grant in the user's name, and the
 * PKCE challenge cannot be swapped between the two steps.
 */
export class ConsentSigner {
  constructor(private readonly secretKey: string) {}

  sign(request: ConsentRequest, now = Date.now()): string {
    const payload = Buffer.from(JSON.stringify({ ...request, expiresAt: now + CONSENT_LIFETIME_MS })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The signed request, or null when the token is malformed, forged, expired or made for another user. */
  verify(token: string, userId: number, now = Date.now()): ConsentRequest | null {
    const [payload, mac, ...rest] = token.split('.');
    if (!payload || !mac || rest.length > 0) return null;
    const expected = Buffer.from(this.mac(payload));
    const presented = Buffer.from(mac);
    if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return null;
    let consent: SignedConsent;
    try {
      consent = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedConsent;
    } catch {
      return null;
    }
    if (consent.userId !== userId || !(consent.expiresAt > now)) return null;
    const { expiresAt: _expiresAt, ...request } = consent;
    return request;
  }

  private mac(payload: string): string {
    return createHmac('sha256', `oauth2-consent:${this.secretKey}`).update(payload).digest('base64url');
  }
}
