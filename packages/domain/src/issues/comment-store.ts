import { CommentChanges, CommentPeriod, IssueComment, NewComment } from './comment';

/** Port: comments and the other timeline entries of issues. Entries are read with their poster. */
export abstract class CommentStore {
  abstract insert(input: NewComment): Promise<IssueComment>;
  abstract findById(id: number): Promise<IssueComment | null>;
  /** The entries with these ids that exist (in no particular order). */
  abstract findByIds(ids: number[]): Promise<IssueComment[]>;
  /** The entry's current row, locked until the transaction ends (on PostgreSQL); null when it is gone. Call inside a transaction. */
  abstract findForChange(id: number): Promise<IssueComment | null>;
  /** Writes the given columns by id; false when the comment is gone (a deleted comment is never written back). */
  abstract update(id: number, changes: CommentChanges): Promise<boolean>;
  /** An issue's entries of the given types (all when absent) updated in the period, oldest first, one page when asked, and the total. */
  abstract listOfIssue(
    issueId: number,
    period: CommentPeriod,
    types?: number[],
    paging?: { skip: number; take: number },
  ): Promise<[IssueComment[], number]>;
  /** A page of the entries of the given types on any issue of the repository (each with its `issue`), oldest first, and the total. */
  abstract listOfRepository(
    repoId: number,
    types: number[],
    period: CommentPeriod,
    skip: number,
    take: number,
  ): Promise<[IssueComment[], number]>;
  /** How many entries of `type` each issue has (every id is a key, 0 when none). */
  abstract countOfType(issueIds: number[], type: number): Promise<Map<number, number>>;
  /** Whether `issueId` already has a reference entry from this source issue (and comment: null for the issue's body). */
  abstract hasReference(issueId: number, refIssueId: number, refCommentId: number | null): Promise<boolean>;
}
