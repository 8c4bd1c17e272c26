import { InvalidGitInputError } from './errors';

// Every value that ends up in a git argument list or a file-system path goes through one of
// these checks first. Arguments are never passed through a shell, but git itself would still
// read a leading "-" as an option and a ".." as a way out of the repository root.

const CONTROL_CHARACTERS = /[\x00-\x1f\x7f]/;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const MAX_SEGMENT_LENGTH = 255;

/** An owner or repository name used as one directory level under the repository root. */
export function assertPathSegment(field: string, value: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new InvalidGitInputError(field, String(value), 'must not be empty');
  if (value.length > MAX_SEGMENT_LENGTH) throw new InvalidGitInputError(field, value, 'is too long');
  if (!SEGMENT.test(value)) {
    throw new InvalidGitInputError(
      field,
      value,
      'may contain only letters, digits, "_", "-" and "." and must start with a letter, digit or "_"',
    );
  }
  if (value.includes('..')) throw new InvalidGitInputError(field, value, 'must not contain ".."');
  return value;
}

const FULL_SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;
const ABBREVIATED_SHA = /^[0-9a-f]{4,64}$/;

export function isFullSha(value: string): boolean {
  return FULL_SHA.test(value);
}

export function assertFullSha(field: string, value: string): string {
  if (!isFullSha(value)) throw new InvalidGitInputError(field, value, 'must be a full lower-case hexadecimal object id');
  return value;
}

/**
 * A short ref name such as a branch or tag name ("main", "feature/x"), following the rules of
 * `git check-ref-format` plus a ban on a leading "-" so it can never read as an option.
 */
export function assertRefName(field: string, value: string): string {
  const fail = (reason: string): never => {
    throw new InvalidGitInputError(field, String(value), reason);
  };
  if (typeof value !== 'string' || value.length === 0) fail('must not be empty');
  if (value.length > 250) fail('is too long');
  if (value.startsWith('-')) fail('must not start with "-"');
  if (CONTROL_CHARACTERS.test(value) || /[ ~^:?*[\\]/.test(value)) fail('must not contain spaces, control characters or any of ~^:?*[\\');
  if (value.includes('..')) fail('must not contain ".."');
  if (value.includes('@{') || value === '@') fail('must not contain "@{" or be "@"');
  if (value.startsWith('/') || value.endsWith('/') || value.includes('//')) fail('must not start or end with "/" or contain "//"');
  if (value.endsWith('.')) fail('must not end with "."');
  for (const component of value.split('/')) {
    if (component.startsWith('.')) fail('no part may start with "."');
    if (component.endsWith('.lock')) fail('no part may end with ".lock"');
  }
  return value;
}

/** A revision a caller may name: a branch or tag name, or a (possibly abbreviated) commit id. */
export function assertRevision(field: string, value: string): string {
  if (typeof value === 'string' && ABBREVIATED_SHA.test(value)) return value;
  return assertRefName(field, value);
}

/**
 * A path inside a tree: relative, "/"-separated, without empty, "." or ".." parts.
 * `allowEmpty` admits "" for the root directory.
 */
export function assertTreePath(field: string, value: string, { allowEmpty = false } = {}): string {
  const fail = (reason: string): never => {
    throw new InvalidGitInputError(field, String(value), reason);
  };
  if (typeof value !== 'string') fail('must be a string');
  if (value.length === 0) return allowEmpty ? value : fail('must not be empty');
  if (value.length > 4096) fail('is too long');
  if (value.includes('\0')) fail('must not contain NUL');
  if (value.startsWith('/')) fail('must be relative');
  for (const part of value.split('/')) {
    if (part === '' || part === '.' || part === '..') fail('must not contain empty, "." or ".." parts');
  }
  return value;
}

/** Like {@link assertTreePath}, for files a commit writes: git refuses ".git" parts, and so do we. */
export function assertWritableTreePath(field: string, value: string): string {
  assertTreePath(field, value);
  if (value.split('/').some((part) => part.toLowerCase() === '.git')) {
    throw new InvalidGitInputError(field, value, 'must not contain a ".git" part');
  }
  return value;
}

/** Text that git stores in a commit header (names, e-mails): no control characters or angle brackets. */
export function assertIdentityText(field: string, value: string): string {
  if (typeof value !== 'string' || value.trim().length === 0) throw new InvalidGitInputError(field, String(value), 'must not be empty');
  if (CONTROL_CHARACTERS.test(value) || /[<>]/.test(value)) {
    throw new InvalidGitInputError(field, value, 'must not contain control characters, "<" or ">"');
  }
  return value;
}
