import { QuotaValidationError } from './quota-error';

const MAX_NAME_LENGTH = 255;

/**
 * Rule and group names appear in URL paths (`/admin/quota/rules/{quotarule}`),
 * so they must be non-empty, without surrounding spaces, slashes or control characters.
 * Uniqueness is the store's concern.
 */
export function parseQuotaName(input: unknown, field = 'name'): string {
  if (typeof input !== 'string' || input.length === 0) {
    throw new QuotaValidationError(field, `${field} is required and must be a non-empty string`);
  }
  if (input.length > MAX_NAME_LENGTH) {
    throw new QuotaValidationError(field, `${field} must be at most ${MAX_NAME_LENGTH} characters`);
  }
  if (input.trim() !== input) {
    throw new QuotaValidationError(field, `${field} must not start or end with spaces`);
  }
  if (/[/\u0000-\u001f\u007f]/.test(input)) {
    throw new QuotaValidationError(field, `${field} must not contain "/" or control characters`);
  }
  return input;
}
