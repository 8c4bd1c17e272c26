import { ArgumentMetadata, BadRequestException, UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';

/** No API body needs more nesting than this; deeper input would only exhaust the stack of recursive checks. */
export const MAX_BODY_DEPTH = 32;

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith(error.property) ? `${field}${text.slice(error.property.length)}` : `${field}: ${text}`,
    );
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/** How deeply objects and arrays nest in a parsed JSON value, measured without recursion. */
export function nestingDepth(value: unknown, stopAfter = MAX_BODY_DEPTH + 1): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest >= stopAfter) return deepest;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Where a NUL character hides in a parsed input (`''` for the value itself,
 * else the dotted field path), or undefined. No text field ever needs one, and
 * PostgreSQL refuses them in text columns, so they are stopped at the door.
 */
export function fieldWithNul(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string' && current.includes('\u0000')) return path;
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      pending.push([child, childPath]);
    }
  }
  return undefined;
}

function refuseNul(value: unknown, metadata: ArgumentMetadata): void {
  const field = fieldWithNul(value);
  if (field === undefined) return;
  const name = [metadata.data, field].filter(Boolean).join('.') || metadata.type;
  if (metadata.type === 'body') throw new UnprocessableEntityException(`${name} must not contain a NUL character`);
  throw new BadRequestException(`${metadata.type === 'param' ? 'path parameter' : 'parameter'} ${name} must not contain a NUL character`);
}

/**
 * Request bodies and queries are checked against their DTO classes. Invalid input
 * is a 422 whose message names each offending field, as Forgejo answers
 * validation errors; unknown fields are ignored (clients may send more than we
 * read), never stored. A body nested absurdly deep is refused with 400 before
 * the recursive transform and validation steps see it, and a NUL character in
 * any path parameter, query parameter or body field is refused by name.
 */
class BellowsValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && nestingDepth(value) > MAX_BODY_DEPTH) {
      throw new BadRequestException(`request body is nested more than ${MAX_BODY_DEPTH} levels deep`);
    }
    if (metadata.type === 'body' || metadata.type === 'param' || metadata.type === 'query') refuseNul(value, metadata);
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new BellowsValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    exceptionFactory: (errors) => new UnprocessableEntityException(flatten(errors).join('; ') || 'invalid input'),
  });
}
