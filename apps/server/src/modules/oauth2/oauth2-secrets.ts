import { createHash, randomBytes, randomUUID } from 'crypto';

/**
 * The random values of the OAuth2 provider. Codes and tokens carry a prefix
 * saying what they are, so that the authenticator looks a presented value up
 * in the one table it can be in. Each is 256 random bits: an unsalted SHA-256
 * is enough to keep them hashed (nothing to guess from a list) and lets a
 * presented value be found by an index. Client secrets are hashed like access
 * tokens (salted HMAC, see token-secret.ts), as they are checked against one row.
 */
const ACCESS_TOKEN_PREFIX = 'bat_';
const REFRESH_TOKEN_PREFIX = 'brt_';
const CODE_PREFIX = 'bac_';
/** Forgejo's prefix for client secrets: secret scanners know it. */
const CLIENT_SECRET_PREFIX = 'gto_';

function randomValue(prefix: string): string {
  return prefix + randomBytes(32).toString('hex');
}

export const newAccessTokenValue = (): string => randomValue(ACCESS_TOKEN_PREFIX);
export const newRefreshTokenValue = (): string => randomValue(REFRESH_TOKEN_PREFIX);
export const newAuthorizationCodeValue = (): string => randomValue(CODE_PREFIX);
export const newClientSecret = (): string => randomValue(CLIENT_SECRET_PREFIX);
export const newClientId = (): string => randomUUID();

/** The stored form of a code or token (hex SHA-256). */
export function hashOAuth2Value(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Whether a presented API token is one of our OAuth2 access tokens (not a personal access token). */
export function isOAuth2AccessToken(value: string): boolean {
  return value.startsWith(ACCESS_TOKEN_PREFIX);
}
