import { BadRequestException } from '@nestjs/common';
import { actionsNameProblem } from '../secrets/secret-name';

/** Forgejo refuses variable names starting with CI (any case), as GitHub's `CI` is set by runners. */
const CI_PREFIX = /^CI/i;

/**
 * A variable name as Forgejo allows it (the rules of secret names, and no
 * `CI` at the start), upper-cased as it is stored; 400 naming `field` and the
 * rule otherwise (Forgejo answers an invalid variable name with 400, not 422).
 */
export function normalizeVariableName(name: string, field = 'variablename'): string {
  const problem = actionsNameProblem(name) ?? (CI_PREFIX.test(name) ? 'must not start with CI' : undefined);
  if (problem) throw new BadRequestException(`${field}: ${problem}`);
  return name.toUpperCase();
}
