import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import type { NewAccessToken } from '@bellows/domain';

/**
 * Access-token values: 40 random hex characters (160 bits), shown once. Only a
 * salted HMAC-SHA256 of the value is stored. A slow KDF is not needed here: the
 * value is random, not chosen by a person, so it cannot be guessed from a list,
 * and a fast hash keeps per-request authentication cheap.
 */
export interface HashedToken {
  hash: string;
  salt: string;
  lastEight: string;
}

export function generateTokenValue(): string {
  return randomBytes(20).toString('hex');
}

export function hashTokenValue(value: string, salt = randomBytes(16).toString('hex')): HashedToken {
  const hash = createHmac('sha256', salt).update(value).digest('hex');
  return { hash, salt, lastEight: value.slice(-8) };
}

/**
 * A fresh token value and the row that records it (hashed, never the value
 * itself), as every creation of a token stores it.
 */
export function newAccessToken(ownerId: number, name: string, scopes: string): { value: string; fields: NewAccessToken } {
  const value = generateTokenValue();
  const hashed = hashTokenValue(value);
  return {
    value,
    fields: {
      ownerId,
      name,
      tokenHash: hashed.hash,
      tokenSalt: hashed.salt,
      tokenLastEight: hashed.lastEight,
      scopes,
      createdAt: new Date(),
      lastUsedAt: null,
    },
  };
}

export function tokenValueMatches(value: string, stored: { tokenHash: string; tokenSalt: string }): boolean {
  const candidate = Buffer.from(hashTokenValue(value, stored.tokenSalt).hash, 'hex');
  const expected = Buffer.from(stored.tokenHash, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}

/** Whether a string has the shape of one of our token values. */
export function looksLikeTokenValue(value: string): boolean {
  return /^[0-9a-f]{40}$/.test(value);
}
