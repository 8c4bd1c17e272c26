import { CommentedIssue, MilestoneDates, OperationContext, UpdateDateRights } from '../../src/issues';

/** Object Mothers for the update-date policy, so tests read as sentences. */

export const at = (rfc3339: string): Date => new Date(rfc3339);

/** "Now" in every test: the policy never reads the clock itself. */
export const NOW = at('2024-06-01T12:00:00.000Z');

export const IssueMother = {
  /** Issue alice/garden#1, opened on `created` and last updated on `updated`. */
  openedOn(created: string, updated = created): CommentedIssue {
    return { repository: { owner: 'alice', name: 'garden' }, index: 1, createdAt: at(created), updatedAt: at(updated) };
  },
  /** Opened in January, last updated in April (well before NOW). */
  typical(): CommentedIssue {
    return IssueMother.openedOn('2024-01-10T09:00:00Z', '2024-04-01T08:00:00Z');
  },
};

export const MilestoneMother = {
  lastUpdatedOn: (updated: string): MilestoneDates => ({ updatedAt: at(updated) }),
};

const NO_RIGHTS: UpdateDateRights = { siteAdmin: false, repositoryOwner: false, repositoryAdmin: false };

export const ActorMother = {
  repositoryOwner: (): UpdateDateRights => ({ ...NO_RIGHTS, repositoryOwner: true }),
  repositoryAdmin: (): UpdateDateRights => ({ ...NO_RIGHTS, repositoryAdmin: true }),
  siteAdmin: (): UpdateDateRights => ({ ...NO_RIGHTS, siteAdmin: true }),
  /** May write to the repository, but neither owns nor administers it. */
  writer: (): UpdateDateRights => NO_RIGHTS,
};

export const ContextMother = {
  /** An operation without `updated_at`, at NOW. */
  withoutDate(rights = ActorMother.repositoryOwner()): OperationContext {
    return { now: NOW, rights, request: {} };
  },
  /** An operation at NOW with `updated_at` set to `date`. */
  backDatedTo(date: string, rights = ActorMother.repositoryOwner()): OperationContext {
    return { now: NOW, rights, request: { updatedAt: at(date) } };
  },
};
