import { UnprocessableEntityException } from '@nestjs/common';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED_PREFIXES = ['GITHUB_', 'GITEA_', 'FORGEJO_'];

/**
 * What is wrong with an actions secret or variable name under Forgejo's rules
 * (the two share them), or undefined when it is allowed.
 */
export function actionsNameProblem(name: string): string | undefined {
  if (name.length > 255) return 'at most 255 characters';
  if (!NAME.test(name)) return 'must be letters, digits and "_", not starting with a digit';
  const reserved = RESERVED_PREFIXES.find((prefix) => name.toUpperCase().startsWith(prefix));
  return reserved ? `must not start with ${reserved}` : undefined;
}

/**
 * A secret name as Forgejo allows it, upper-cased as it is stored (so names
 * are unique regardless of case); 422 naming the rule it breaks otherwise.
 */
export function normalizeSecretName(name: string): string {
  const problem = actionsNameProblem(name);
  if (problem) throw new UnprocessableEntityException(`secretname: ${problem}`);
  return name.toUpperCase();
}
