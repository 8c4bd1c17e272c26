import { UnprocessableEntityException } from '@nestjs/common';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED_PREFIXES = ['GITHUB_', 'GITEA_', 'FORGEJO_'];

/**
 * A secret name as Forgejo allows it, upper-cased as it is stored (so names
 * are unique regardless of case); 422 naming the rule it breaks otherwise.
 */
export function normalizeSecretName(name: string): string {
  if (name.length > 255) throw new UnprocessableEntityException('secretname: at most 255 characters');
  if (!NAME.test(name)) throw new UnprocessableEntityException('secretname: must be letters, digits and "_", not starting with a digit');
  const upper = name.toUpperCase();
  const reserved = RESERVED_PREFIXES.find((prefix) => upper.startsWith(prefix));
  if (reserved) throw new UnprocessableEntityException(`secretname: must not start with ${reserved}`);
  return upper;
}
