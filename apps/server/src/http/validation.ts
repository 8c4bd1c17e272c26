import { UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith(error.property) ? `${field}${text.slice(error.property.length)}` : `${field}: ${text}`,
    );
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Request bodies and queries are checked against their DTO classes. Invalid input
 * is a 422 whose message names each offending field, as Forgejo answers
 * validation errors; unknown fields are ignored (clients may send more than we
 * read), never stored.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    exceptionFactory: (errors) => new UnprocessableEntityException(flatten(errors).join('; ') || 'invalid input'),
  });
}
