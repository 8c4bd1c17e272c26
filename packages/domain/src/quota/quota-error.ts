/**
 * Raised when quota input (a subject, a limit, a name, usage figures) is not
 * acceptable. The message names the problem so that the HTTP layer can answer
 * 422 with it as it is; `field` says which input was wrong.
 */
export class QuotaValidationError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'QuotaValidationError';
  }
}
