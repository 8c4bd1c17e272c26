import { NewRelease, Release, ReleaseChanges, ReleaseFilter } from './release';

/** Port: releases of repositories. Their attachments are in the AttachmentStore. */
export abstract class ReleaseStore {
  /** Inserts the release; ReleaseTagTakenError when the repository has a release with its tag. */
  abstract create(input: NewRelease): Promise<Release>;
  /** The repository's release with that id, or null (also for an id no row can have). */
  abstract findById(repoId: number, id: number): Promise<Release | null>;
  /** The release's current row, locked until the transaction ends (on PostgreSQL); null when it is gone. Call inside a transaction. */
  abstract findForChange(id: number): Promise<Release | null>;
  /** The repository's release of that tag (exact name), or null. */
  abstract findByTag(repoId: number, tagName: string): Promise<Release | null>;
  /** The newest published full release (neither a draft nor a pre-release), or null. */
  abstract latest(repoId: number): Promise<Release | null>;
  /** One page of the releases the filter lets through, newest first (by creation date, then id), and how many there are. */
  abstract list(filter: ReleaseFilter, skip: number, take: number): Promise<[Release[], number]>;
  /**
   * Writes the given columns by id; false when the release is gone (a deleted
   * release is never written back). ReleaseTagTakenError when the new tag is
   * another release's.
   */
  abstract update(id: number, changes: ReleaseChanges): Promise<boolean>;
}
