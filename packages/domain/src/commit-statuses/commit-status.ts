/** The states a commit status may have, as Forgejo names them. */
export const COMMIT_STATUS_STATES = ['pending', 'success', 'error', 'failure', 'warning'] as const;
export type CommitStatusState = (typeof COMMIT_STATUS_STATES)[number];

export function isCommitStatusState(value: unknown): value is CommitStatusState {
  return typeof value === 'string' && (COMMIT_STATUS_STATES as readonly string[]).includes(value);
}

/**
 * What a CI system (or anyone who may write to the repository) reported about a
 * commit under a context such as "ci/build". Statuses are never changed: a new
 * report for the same context is a new row, and the latest one counts.
 */
export interface CommitStatus {
  id: number;
  repoId: number;
  /** The full commit id. */
  sha: string;
  state: CommitStatusState;
  /** What was checked, e.g. "ci/build"; "default" when the reporter named nothing (as Forgejo). */
  context: string;
  targetUrl: string;
  description: string;
  /** Who reported it; null once that account is deleted. */
  creatorId: number | null;
  createdAt: Date;
}

/** What creating a status takes: every column but the id. */
export type NewCommitStatus = Omit<CommitStatus, 'id'>;
