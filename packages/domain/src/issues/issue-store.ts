import { Owner } from '../accounts/owner';
import { AssigneeChange, Issue, IssueChanges, IssueFilter, IssuePullState, ListedIssue, NewIssue } from './issue';

/** Port: issues (and the issue half of pull requests) with their assignees. Issues are read with their poster. */
export abstract class IssueStore {
  /**
   * Inserts an issue with the next number of the repository's shared sequence
   * (numbers of deleted issues are never given again); call inside a
   * transaction. ContainerGoneError when the repository is gone.
   */
  abstract create(input: NewIssue): Promise<Issue>;
  /** The repository's issue (or pull request) with this number, or null. */
  abstract findByIndex(repoId: number, index: number): Promise<Issue | null>;
  abstract findById(id: number): Promise<Issue | null>;
  /** The issues with these ids that exist (in no particular order). */
  abstract findByIds(ids: number[]): Promise<Issue[]>;
  /**
   * The issue's current row, locked until the transaction ends (on PostgreSQL)
   * so that an edit works on what is stored now, not on what a request read
   * earlier; null when it is gone. Call inside a transaction.
   */
  abstract findForChange(id: number): Promise<Issue | null>;
  /** Writes the given columns by id; false when the issue is gone (a deleted issue is never written back). */
  abstract update(id: number, changes: IssueChanges): Promise<boolean>;
  /** Deletes the issue row (comments, labels, assignees and its pull request go with it); attachments go through their store. */
  abstract delete(id: number): Promise<void>;
  /** Sets the issue's update date (and nothing else): the date the update-date policy decided. */
  abstract touch(issueId: number, date: Date): Promise<void>;
  /** A page of issues matching the filter, newest first (by creation, then number), and how many match in all. */
  abstract list(filter: IssueFilter, skip: number, take: number): Promise<[Issue[], number]>;
  /** The same page with what a list shows of each issue (labels, assignees, comment count, pull request state), and the total. */
  abstract listWithDetails(filter: IssueFilter, skip: number, take: number): Promise<[ListedIssue[], number]>;
  /** Ids of the repository's issues that carry every one of the labels (none for an empty list). */
  abstract idsLabelledWithAll(repoId: number, labelIds: number[]): Promise<number[]>;
  /** The pull request state of each issue that is one (keyed by issue id; plain issues are absent). */
  abstract pullsOf(issueIds: number[]): Promise<Map<number, IssuePullState>>;
  /** The assignees of each issue (every id is a key), in the order they were assigned. */
  abstract assigneesOf(issueIds: number[]): Promise<Map<number, Owner[]>>;
  /** Makes `assigneeIds` the issue's assignees (duplicates ignored); answers who was added and who removed. */
  abstract setAssignees(issueId: number, assigneeIds: number[]): Promise<AssigneeChange>;
}
