/**
 * A hook's `branch_filter`, as Forgejo applies it: a glob (`*`, `?`, `{a,b}`,
 * `[abc]`; no separator, so `*` also matches `/`) over the branch an event is
 * about. Empty or `*` lets everything through, and so does an event about no
 * branch (`branch` undefined: issues, a new tag …).
 */
export function branchFilterAllows(filter: string, branch: string | undefined): boolean {
  if (filter === '' || filter === '*' || branch === undefined) return true;
  return globToRegExp(filter).test(branch);
}

/** Whether `filter` is a glob Forgejo would accept (it refuses a hook whose filter does not compile). */
export function isValidBranchFilter(filter: string): boolean {
  return filter === '' || globToRegExp(filter).source !== '(?!)';
}

/** The glob as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  let inClass = false;
  let braces = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (inClass) {
      source += c === ']' ? ']' : c === '\\' ? '\\\\' : c === '!' && glob[i - 1] === '[' ? '^' : c;
      if (c === ']') inClass = false;
    } else if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else if (c === '[') {
      inClass = true;
      source += '[';
    } else if (c === '{') {
      braces += 1;
      source += '(?:';
    } else if (c === '}' && braces > 0) {
      braces -= 1;
      source += ')';
    } else if (c === ',' && braces > 0) source += '|';
    else if (c === '\\' && i + 1 < glob.length) {
      i += 1;
      source += escapeRegExp(glob[i]);
    } else source += escapeRegExp(c);
  }
  if (inClass || braces > 0) return /(?!)/; // an unfinished pattern matches nothing, as Forgejo's compile error does
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
