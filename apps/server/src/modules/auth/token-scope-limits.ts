import { ForbiddenException } from '@nestjs/common';
import { isTokenScope, scopesAllow, TokenScope } from '@bellows/domain';

/**
 * A caller signed in by token may only mint tokens that can do no more than
 * its own: otherwise a `write:user` token could create an `all` token for
 * itself. (Forgejo closes the same hole by refusing token management to token
 * callers altogether; we accept them, bounded like this, so scripts that hold
 * only a token can rotate it.) `granted` null means a password or proxy
 * sign-in, which may grant anything.
 */
export function assertScopesWithin(requested: readonly TokenScope[], granted: readonly TokenScope[] | null): void {
  if (granted === null || (granted.includes('all') && !requested.includes('sudo'))) return;
  const beyond = requested.filter((scope) => !grantedCovers(granted, scope));
  if (beyond.length > 0) {
    throw new ForbiddenException(`a token cannot create a token with more scopes than its own: [${beyond.join(', ')}]`);
  }
}

function grantedCovers(granted: readonly TokenScope[], scope: TokenScope): boolean {
  if (granted.includes(scope)) return true;
  if (scope === 'all' || scope === 'sudo' || !isTokenScope(scope)) return false;
  const [level, category] = scope.split(':') as ['read' | 'write', Parameters<typeof scopesAllow>[1]];
  return scopesAllow(granted, category, level);
}

/**
 * Whether a sign-in may act for another account: use `Sudo`, or create, list
 * and delete another account's tokens (a token made for someone acts as them).
 * A password or reverse-proxy sign-in (`scopes` null) may; a token only with
 * the `sudo` or `all` scope, so an administrator can hand out narrow tokens
 * (`write:user`, `write:admin`) that cannot become another user. Being a site
 * administrator is checked apart.
 */
export function mayActAsAnotherUser(scopes: readonly TokenScope[] | null): boolean {
  return scopes === null || scopes.includes('sudo') || scopes.includes('all');
}
