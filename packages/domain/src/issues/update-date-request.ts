import { parseRfc3339 } from './rfc3339';
import { UPDATED_AT_FIELD, UpdateDateValidationError } from './update-date-error';

/**
 * The optional `updated_at` of the six operations that may be back-dated (edit
 * issue, add labels, create issue attachment, create comment, edit comment,
 * create comment attachment). Without it every date is the current time.
 */
export interface UpdateDateRequest {
  readonly updatedAt?: Date;
}

/**
 * Reads `updated_at` as it arrives in a JSON body or a query parameter. Absent,
 * null and the empty string (an empty query parameter) mean "not given";
 * anything else must be an RFC 3339 date-time.
 */
export function parseUpdateDateRequest(value: unknown): UpdateDateRequest {
  if (value === undefined || value === null || value === '') return {};
  const date = typeof value === 'string' ? parseRfc3339(value) : null;
  if (!date) {
    throw new UpdateDateValidationError(
      `${UPDATED_AT_FIELD} must be an RFC 3339 date-time such as 2024-05-01T12:30:00Z, got ${JSON.stringify(value)}`,
    );
  }
  return { updatedAt: date };
}
