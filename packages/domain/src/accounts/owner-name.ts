/**
 * Rules for the names of owners (users and organizations share one namespace).
 * Same character set as Forgejo: letters, digits, '-', '_' and '.', not starting
 * or ending with a separator and without two separators in a row.
 */

export const OWNER_NAME_MAX_LENGTH = 40;

const NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|[-_.](?=[A-Za-z0-9]))*$/;

/** Names the web and API routes use, so no owner may take them. */
const RESERVED_NAMES = new Set([
  '.',
  '..',
  '.well-known',
  'admin',
  'api',
  'assets',
  'attachments',
  'avatar',
  'avatars',
  'captcha',
  'commits',
  'debug',
  'error',
  'explore',
  'favicon.ico',
  'ghost',
  'issues',
  'login',
  'manifest.json',
  'metrics',
  'milestones',
  'new',
  'notifications',
  'org',
  'pulls',
  'raw',
  'repo',
  'repo-avatars',
  'robots.txt',
  'search',
  'serviceworker.js',
  'ssh_info',
  'swagger.v1.json',
  'user',
  'v2',
  'bellows-actions',
  'gitea-actions',
  'forgejo-actions',
]);

const RESERVED_SUFFIXES = ['.keys', '.gpg', '.rss', '.atom', '.git', '.wiki'];

export type OwnerNameProblem = 'empty' | 'too-long' | 'invalid-characters' | 'reserved';

/** Returns why a name cannot be used for a new owner, or null when it can. */
export function ownerNameProblem(name: string): OwnerNameProblem | null {
  if (name.length === 0) return 'empty';
  if (name.length > OWNER_NAME_MAX_LENGTH) return 'too-long';
  if (!NAME_PATTERN.test(name)) return 'invalid-characters';
  const lower = name.toLowerCase();
  if (RESERVED_NAMES.has(lower)) return 'reserved';
  if (RESERVED_SUFFIXES.some((suffix) => lower.endsWith(suffix))) return 'reserved';
  return null;
}

export function describeOwnerNameProblem(name: string, problem: OwnerNameProblem): string {
  switch (problem) {
    case 'empty':
      return 'name must not be empty';
    case 'too-long':
      return `name "${name}" is longer than ${OWNER_NAME_MAX_LENGTH} characters`;
    case 'invalid-characters':
      return `name "${name}" may only contain letters, digits, '-', '_' and '.', and must start and end with a letter or digit`;
    case 'reserved':
      return `name "${name}" is reserved`;
  }
}
