import { UnprocessableEntityException } from '@nestjs/common';

/** Characters GitHub refuses in artifact names (they would break file systems or zip paths). */
const FORBIDDEN = /[":<>|*?\r\n\\/]/;

/** The artifact name, when it is one GitHub would accept; 422 naming the problem otherwise. */
export function checkArtifactName(name: unknown): string {
  if (typeof name !== 'string' || name.trim().length === 0) throw new UnprocessableEntityException('name: an artifact needs a name');
  if (name.length > 255) throw new UnprocessableEntityException('name: at most 255 characters');
  if (FORBIDDEN.test(name)) throw new UnprocessableEntityException('name: must not contain " : < > | * ? \\ / or line breaks');
  return name;
}
