import { UnprocessableEntityException } from '@nestjs/common';
import { QuotaValidationError } from '@bellows/domain';

/** Runs domain validation; a QuotaValidationError becomes a 422 whose message names the field. */
export async function asUnprocessable<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QuotaValidationError) throw new UnprocessableEntityException(error.message);
    throw error;
  }
}
