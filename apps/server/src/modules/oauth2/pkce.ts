import { createHash, timingSafeEqual } from 'crypto';
import { CodeChallengeMethod } from '@bellows/domain';

/** The PKCE transformations Forgejo accepts; an empty method means the client sent no challenge. */
export function isCodeChallengeMethod(value: string): value is CodeChallengeMethod {
  return value === 'S256' || value === 'plain';
}

/**
 * Whether the verifier presented at the token endpoint answers the challenge
 * sent to the authorization endpoint (RFC 7636 section 4.6). A code issued
 * without a challenge needs no verifier, as in Forgejo.
 */
export function verifierAnswersChallenge(method: CodeChallengeMethod | '', challenge: string, verifier: string): boolean {
  switch (method) {
    case '':
      return true;
    case 'plain':
      return sameText(verifier, challenge);
    case 'S256':
      return sameText(createHash('sha256').update(verifier).digest('base64url'), challenge);
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
