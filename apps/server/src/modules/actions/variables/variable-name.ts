import { BadRequestException } from '@nestjs/common';
import { actionsNameProblem } from '../secrets/secret-name';

/**
 * A variable name as Forgejo allows it (the rules of secret names),
 * upper-cased as it is stored; 400 naming `field` and the rule otherwise
 * (Forgejo answers an invalid variable name with 400, not 422).
 */
export function normalizeVariableName(name: string, field = 'variablename'): string {
  const problem = actionsNameProblem(name);
  if (problem) throw new BadRequestException(`${field}: ${problem}`);
  return name.toUpperCase();
}
