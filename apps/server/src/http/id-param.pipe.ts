import { NotFoundException, PipeTransform, UnprocessableEntityException } from '@nestjs/common';

/** A positive whole number of at most 15 digits (what ids and issue numbers are); null for anything else. */
export function parseId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * An id from the path, parsed the same way on every route: anything but a
 * positive whole number of at most 15 digits names nothing, so the route
 * answers 404 naming the thing (`label abc does not exist`), or 422 on the
 * routes where Forgejo answers an unknown id so (`new IdParam('label', 422)`).
 *
 *   @Param('id', new IdParam('label')) id: number
 */
export class IdParam implements PipeTransform<string, number> {
  constructor(
    private readonly thing: string,
    private readonly status: 404 | 422 = 404,
  ) {}

  transform(raw: string): number {
    const id = parseId(raw);
    if (id !== null) return id;
    const message = `${this.thing} ${raw} does not exist`;
    throw this.status === 404 ? new NotFoundException(message) : new UnprocessableEntityException(message);
  }
}
