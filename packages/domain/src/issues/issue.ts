import { Owner } from '../accounts/owner';
import { Label } from './label';

/**
 * An issue or a pull request's conversation: both share one number sequence per
 * repository (`index`, shown to users as `#n`), as in Forgejo.
 */
export interface Issue {
  id: number;
  repoId: number;
  /** The number within the repository, from 1. */
  index: number;
  /** Who opened it; null once that account is deleted (shown as the ghost user). */
  posterId: number | null;
  /** The poster, when the store loads it with the issue (null: the account is gone). */
  poster?: Owner | null;
  title: string;
  body: string;
  isPull: boolean;
  isClosed: boolean;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  /** The milestone it belongs to; null when none. */
  milestoneId: number | null;
  /** When it is due (the end of a day); null or absent when it has no deadline. */
  deadline?: Date | null;
  /** Its place among the repository's pinned issues (or pull requests), from 1; 0 or absent when not pinned. */
  pinOrder?: number;
}

/** What opening an issue takes; its number, update and closing dates are filled in by the store. */
export interface NewIssue {
  repoId: number;
  posterId: number;
  title: string;
  body: string;
  isClosed: boolean;
  milestoneId: number | null;
  createdAt: Date;
}

/** The columns of an issue an edit may write. */
export type IssueChanges = Partial<Pick<Issue, 'title' | 'body' | 'isClosed' | 'closedAt' | 'milestoneId' | 'updatedAt' | 'deadline'>>;

/** What a list of a repository's issues is narrowed to; absent fields do not narrow it. */
export interface IssueFilter {
  /** The repository whose issues are listed (absent for a search across `repoIds`). */
  repoId?: number;
  /** A search across repositories: any of these (those the viewer may read); an empty list keeps none. */
  repoIds?: number[];
  /** undefined: issues and pull requests alike. */
  isPull?: boolean;
  isClosed?: boolean;
  /** Text the title or body must contain (case-insensitive). */
  keyword?: string;
  milestoneIds?: number[];
  /** Issue ids to keep (e.g. those carrying given labels); an empty list keeps none. */
  issueIds?: number[];
  posterId?: number;
  assigneeId?: number;
  updatedSince?: Date;
  updatedBefore?: Date;
  /** Issues carrying a label of any of these names (exact names, in any of the repositories). */
  anyLabelNames?: string[];
  /** Issues in a milestone of any of these names (exact names, in any of the repositories). */
  anyMilestoneNames?: string[];
  /** Pull requests whose review this user was asked for, and has not given since. */
  reviewRequestedFrom?: number;
  /** Pull requests of others this user has reviewed (approved, requested changes or commented). */
  reviewedBy?: number;
  /** Issues whose title, body or a user comment mentions this login (`@login`). */
  mentioning?: string;
}

/** What an issue that is a pull request shows of its pull request. */
export interface IssuePullState {
  hasMerged: boolean;
  mergedAt: Date | null;
}

/**
 * An issue as a list of issues shows it: with its poster (in `issue`), its
 * labels (by name), its assignees (in the order assigned), how many user
 * comments it has and, for a pull request, the pull request's state.
 */
export interface ListedIssue {
  issue: Issue;
  labels: Label[];
  assignees: Owner[];
  comments: number;
  /** null for a plain issue. */
  pull: IssuePullState | null;
}

/** Who an assignee change added and removed. */
export interface AssigneeChange {
  added: number[];
  removed: number[];
}
