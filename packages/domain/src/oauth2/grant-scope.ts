import { isTokenScope, parseTokenScopes, TokenScope } from '../auth/token-scope';

/** OpenID Connect scopes: they say what the ID token and userinfo tell, not what the API allows. */
const OPENID_SCOPES = new Set(['openid', 'profile', 'email', 'groups']);

/**
 * The API scopes an OAuth2 access token carries, from the scope the user
 * granted (space-separated). As in Forgejo: OpenID scopes are left aside; when
 * API scopes remain (`read:repository`, ...) they limit the token; when none
 * remain, the token may do all its user may (`all`). Words we do not know as
 * scopes (Forgejo's `public-only`) are left aside too.
 */
export function apiScopesOfGrant(grantScope: string): TokenScope[] {
  const words = grantScope.split(/[\s,]+/).filter((word) => !OPENID_SCOPES.has(word) && isTokenScope(word));
  return words.length === 0 ? ['all'] : parseTokenScopes(words);
}
