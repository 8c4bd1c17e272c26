import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject, sign } from 'crypto';
import { join } from 'path';
import { readOrCreateOnce } from '../../config/file-once';

/** A public key as JSON Web Key (RFC 7517), the form `/login/oauth/keys` publishes. */
export interface PublicJwk {
  kty: string;
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

/**
 * The key ID tokens are signed with: RS256, Forgejo's default, so that clients
 * check signatures with the published public key and never need a secret. It is
 * made on first use and kept where Forgejo keeps its own
 * (`{APP_DATA_PATH}/jwt/private.pem`, mode 0600), so it survives restarts.
 */
export class OidcSigningKey {
  private loaded: { privateKey: KeyObject; jwk: PublicJwk } | undefined;

  constructor(private readonly appDataPath: string) {}

  /** A compact JWT (header.payload.signature) of the claims. */
  signJwt(claims: Record<string, unknown>): string {
    const { privateKey, jwk } = this.key();
    const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const signingInput = `${encode({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })}.${encode(claims)}`;
    return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
  }

  publicJwk(): PublicJwk {
    return this.key().jwk;
  }

  private key(): { privateKey: KeyObject; jwk: PublicJwk } {
    if (!this.loaded) {
      const privateKey = createPrivateKey(this.pem());
      const { n, e, kty } = createPublicKey(privateKey).export({ format: 'jwk' }) as { n: string; e: string; kty: string };
      // RFC 7638 thumbprint: the SHA-256 of the required members in lexicographic order.
      const kid = createHash('sha256').update(JSON.stringify({ e, kty, n })).digest('base64url');
      this.loaded = { privateKey, jwk: { kty, n, e, kid, alg: 'RS256', use: 'sig' } };
    }
    return this.loaded;
  }

  /** Made on first use; instances sharing APP_DATA_PATH that make it at once agree on one (readOrCreateOnce). */
  private pem(): string {
    return readOrCreateOnce(join(this.appDataPath, 'jwt', 'private.pem'), () =>
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
  }
}
