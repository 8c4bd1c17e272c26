/**
 * A milestone of a repository. Its open and closed issue counts are not stored:
 * they are counted from the issues that point at it. `updatedAt` follows the
 * update-date policy (see `milestoneUpdateDate`).
 */
export interface Milestone {
  id: number;
  repoId: number;
  name: string;
  description: string;
  isClosed: boolean;
  dueOn: Date | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

/** What creating a milestone takes: every column but the id. */
export type NewMilestone = Omit<Milestone, 'id'>;

/** The columns of a milestone an edit may write. */
export type MilestoneChanges = Partial<Pick<Milestone, 'name' | 'description' | 'isClosed' | 'dueOn' | 'updatedAt' | 'closedAt'>>;

export interface MilestoneFilter {
  repoId: number;
  isClosed?: boolean;
  /** Text the name must contain (case-insensitive). */
  name?: string;
}

/** Open and closed issues (pull requests included, as in Forgejo) of a milestone. */
export interface MilestoneCounts {
  open: number;
  closed: number;
}
