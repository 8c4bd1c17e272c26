/** The longest flag name stored (the column's size). */
export const MAX_FLAG_LENGTH = 255;

/**
 * Why a repository flag name cannot be stored, or undefined when it can.
 * Flags are free-form labels site admins put on repositories (as in Forgejo);
 * only what could not be stored or shown is refused.
 */
export function flagNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return 'a flag must not be empty';
  if (name.length > MAX_FLAG_LENGTH) return `a flag has at most ${MAX_FLAG_LENGTH} characters`;
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a flag must not contain control characters';
  return undefined;
}

/** The flags of a replacement list, each once, in the order given. */
export function distinctFlags(names: readonly string[]): string[] {
  return [...new Set(names)];
}
