/**
 * Whether `id` fits the `integer` id columns (32-bit signed on both engines).
 * A lookup by an id that does not fit finds nothing: asking the database would
 * be an error on PostgreSQL ("out of range for type integer"), not an answer.
 */
export function fitsIdColumn(id: number): boolean {
  return Number.isSafeInteger(id) && id >= -2_147_483_648 && id <= 2_147_483_647;
}
