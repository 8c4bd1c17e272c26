import { CommitStatus, CommitStatusState, NewCommitStatus } from './commit-status';

/** The orders Forgejo offers for a commit's statuses; `newest` when none is asked for. */
export const COMMIT_STATUS_SORTS = ['oldest', 'recentupdate', 'leastupdate', 'leastindex', 'highestindex'] as const;
export type CommitStatusSort = (typeof COMMIT_STATUS_SORTS)[number] | 'newest';

export interface CommitStatusQuery {
  sort: CommitStatusSort;
  /** Only statuses in this state. */
  state?: CommitStatusState;
  skip: number;
  take: number;
}

/** Port: where commit statuses are kept. */
export abstract class CommitStatusStore {
  abstract insert(status: NewCommitStatus): Promise<CommitStatus>;
  /** One page of the commit's statuses in the asked order, and how many match. */
  abstract list(repoId: number, sha: string, query: CommitStatusQuery): Promise<[CommitStatus[], number]>;
  /** The newest status of each context of the commit, by context. */
  abstract latestPerContext(repoId: number, sha: string): Promise<CommitStatus[]>;
}
