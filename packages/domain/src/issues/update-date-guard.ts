import { UPDATED_AT_FIELD, UpdateDatePermissionError, UpdateDateValidationError } from './update-date-error';

/** What the actor may do in the issue's repository, as far as back-dating is concerned. */
export interface UpdateDateRights {
  readonly siteAdmin: boolean;
  /** The repository's owner (for an organization's repository: an owner of the organization). */
  readonly repositoryOwner: boolean;
  /** Holds the admin permission on the repository. */
  readonly repositoryAdmin: boolean;
}

/** Back-dating rewrites history, so only those who own or administer the repository may do it. */
export function mayBackDate(rights: UpdateDateRights): boolean {
  return rights.siteAdmin || rights.repositoryOwner || rights.repositoryAdmin;
}

export interface ExplicitDateCheck {
  readonly date: Date;
  readonly issueCreatedAt: Date;
  readonly now: Date;
  readonly rights: UpdateDateRights;
}

/**
 * Refuses an explicit update date the actor may not set (permission first, so
 * that someone without the right learns nothing about the issue's dates), then
 * one outside [issue creation, now]; both bounds are inclusive.
 */
export function guardExplicitDate({ date, issueCreatedAt, now, rights }: ExplicitDateCheck): void {
  if (!mayBackDate(rights)) {
    throw new UpdateDatePermissionError(`only the repository owner or an administrator may set ${UPDATED_AT_FIELD}`);
  }
  const range = `it must lie between the issue's creation date (${issueCreatedAt.toISOString()}) and now`;
  if (date.getTime() < issueCreatedAt.getTime()) {
    throw new UpdateDateValidationError(`${UPDATED_AT_FIELD} ${date.toISOString()} is before the issue's creation date; ${range}`);
  }
  if (date.getTime() > now.getTime()) {
    throw new UpdateDateValidationError(`${UPDATED_AT_FIELD} ${date.toISOString()} is in the future; ${range}`);
  }
}
