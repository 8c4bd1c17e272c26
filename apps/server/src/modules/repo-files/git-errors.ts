import {
  ConflictException,
  HttpException,
  NotFoundException,
  PayloadTooLargeException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { GitConflictError, GitContentTooLargeError, GitNotFoundError, InvalidGitInputError } from '../repositories/git-errors';

/**
 * The HTTP answer for an error of the git ports: what the caller named is
 * missing (404), invalid (422), stale or clashing (409), too big (413). Git's
 * own failures are not the caller's fault and stay 500s.
 */
export function httpErrorForGit(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof GitNotFoundError) return new NotFoundException(error.message);
  if (error instanceof InvalidGitInputError) return new UnprocessableEntityException(error.message);
  if (error instanceof GitConflictError) return new ConflictException(error.message);
  if (error instanceof GitContentTooLargeError) return new PayloadTooLargeException(error.message);
  return error;
}

/** Runs a git call, answering the git ports' errors with the matching HTTP status. */
export async function withGitErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw httpErrorForGit(error);
  }
}
