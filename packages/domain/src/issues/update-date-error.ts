/** The request field every update-date error is about. */
export const UPDATED_AT_FIELD = 'updated_at';

/**
 * Raised when an explicit update date is malformed or out of range. The message
 * names the problem so that the HTTP layer can answer 422 with it as it is.
 */
export class UpdateDateValidationError extends Error {
  readonly field = UPDATED_AT_FIELD;

  constructor(message: string) {
    super(message);
    this.name = 'UpdateDateValidationError';
  }
}

/** Raised when the actor may not back-date (the HTTP layer answers 403). */
export class UpdateDatePermissionError extends Error {
  readonly field = UPDATED_AT_FIELD;

  constructor(message: string) {
    super(message);
    this.name = 'UpdateDatePermissionError';
  }
}
