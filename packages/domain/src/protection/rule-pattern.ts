/**
 * Branch protection rule names and tag protection patterns are globs, as in
 * Forgejo: `*` matches within one path segment, `**` across segments, `?` one
 * character; anything else matches itself. A tag pattern written `/…/` is a
 * regular expression.
 */
export function matchesPattern(pattern: string, name: string): boolean {
  if (pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/')) return regexMatches(pattern.slice(1, -1), name);
  return globToRegExp(pattern).test(name);
}

/** Whether a pattern has glob characters (an exact rule name wins over globs). */
export function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

function regexMatches(source: string, name: string): boolean {
  try {
    return new RegExp(source).test(name);
  } catch {
    return false;
  }
}

function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
