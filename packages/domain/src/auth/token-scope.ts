/**
 * Access-token scopes, as Forgejo names them: `all`, `sudo`, and a read or write
 * level for each category. `write:x` implies `read:x`; `all` implies every
 * category at write level (but not `sudo`).
 */

export const SCOPE_CATEGORIES = [
  'activitypub',
  'admin',
  'issue',
  'misc',
  'notification',
  'organization',
  'package',
  'repository',
  'user',
] as const;

export type ScopeCategory = (typeof SCOPE_CATEGORIES)[number];
export type ScopeLevel = 'read' | 'write';
export type TokenScope = 'all' | 'sudo' | `${ScopeLevel}:${ScopeCategory}`;

const KNOWN_SCOPES: ReadonlySet<string> = new Set<string>(['all', 'sudo', ...SCOPE_CATEGORIES.flatMap((c) => [`read:${c}`, `write:${c}`])]);

export function isTokenScope(value: string): value is TokenScope {
  return KNOWN_SCOPES.has(value);
}

/**
 * Parses a list of scope strings (also accepts one comma-separated string).
 * Throws an Error naming the first unknown scope. Duplicates are dropped and the
 * result is sorted so that the stored form is canonical.
 */
export function parseTokenScopes(input: readonly string[] | string): TokenScope[] {
  const parts = (typeof input === 'string' ? input.split(',') : input.flatMap((s) => s.split(',')))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const part of parts) {
    if (!isTokenScope(part)) throw new Error(`unknown token scope "${part}"`);
  }
  return [...new Set(parts as TokenScope[])].sort();
}

/** Whether a token holding `granted` may act at `level` on `category`. */
export function scopesAllow(granted: readonly TokenScope[], category: ScopeCategory, level: ScopeLevel): boolean {
  if (granted.includes('all')) return true;
  if (granted.includes(`write:${category}`)) return true;
  return level === 'read' && granted.includes(`read:${category}`);
}
