/**
 * Rules for repository names, as Forgejo's: letters, digits, '-', '_' and '.',
 * at most 100 characters, not one of the reserved names and not ending like the
 * paths git and feeds use (`.git`, `.wiki`, `.rss`, `.atom`). Stricter in one
 * point: the first character must be a letter, digit or '_', so a name can
 * never read as a command-line option or a hidden file on disk.
 */

export const REPO_NAME_MAX_LENGTH = 100;

const NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const RESERVED_NAMES = new Set(['.', '..', '-']);
const RESERVED_SUFFIXES = ['.git', '.wiki', '.rss', '.atom'];

export type RepoNameProblem = 'empty' | 'too-long' | 'invalid-characters' | 'reserved';

/** Returns why a name cannot be used for a repository, or null when it can. */
export function repoNameProblem(name: string): RepoNameProblem | null {
  if (name.length === 0) return 'empty';
  if (name.length > REPO_NAME_MAX_LENGTH) return 'too-long';
  const lower = name.toLowerCase();
  if (RESERVED_NAMES.has(lower) || RESERVED_SUFFIXES.some((suffix) => lower.endsWith(suffix))) return 'reserved';
  if (!NAME_PATTERN.test(name) || name.includes('..')) return 'invalid-characters';
  return null;
}

export function describeRepoNameProblem(name: string, problem: RepoNameProblem): string {
  switch (problem) {
    case 'empty':
      return 'name must not be empty';
    case 'too-long':
      return `name "${name}" is longer than ${REPO_NAME_MAX_LENGTH} characters`;
    case 'invalid-characters':
      return `name "${name}" may only contain letters, digits, '-', '_' and '.', must start with a letter, digit or '_', and must not contain ".."`;
    case 'reserved':
      return `name "${name}" is reserved`;
  }
}
