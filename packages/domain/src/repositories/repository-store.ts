import { DeletedRepositoryFiles, NewRepository, Repository, RepositoryDetails } from './repository';

/**
 * Port: where repositories are kept. Every change of a size or of the
 * visibility moves the owner's usage ledger in the same transaction; names are
 * looked up case-insensitively.
 */
export abstract class RepositoryStore {
  abstract findById(id: number): Promise<Repository | null>;
  /** The owner's repository of that name (any case), or null. */
  abstract findByOwnerAndName(ownerId: number, name: string): Promise<Repository | null>;
  /** Inserts the repository (empty) and counts its sizes; RepositoryNameTakenError when the owner has one of that name. */
  abstract insert(input: NewRepository): Promise<Repository>;
  /**
   * Writes the columns that do not count for quota (a rename keeps the
   * lower-cased name in step) and the update date; RepositoryNameTakenError
   * when a rename takes a name the owner already uses.
   */
  abstract updateDetails(id: number, details: RepositoryDetails): Promise<void>;
  /** Records the size of the git data (LFS excluded), e.g. after a push; ContainerGoneError when the repository is gone. */
  abstract setGitSize(id: number, bytes: number): Promise<void>;
  /** Records the size of the LFS objects the repository references; ContainerGoneError when the repository is gone. */
  abstract setLfsSize(id: number, bytes: number): Promise<void>;
  /** Makes the repository private or public: its git bytes move between the two buckets; ContainerGoneError when gone. */
  abstract setPrivate(id: number, isPrivate: boolean): Promise<void>;
  /**
   * Deletes the repository with its attachments and artifacts, taking all of
   * their bytes off the owner's ledger. Linked packages stay with the owner and
   * keep counting. Returns the files the deleted rows pointed at (for the
   * caller to remove once this has committed), or null when there was no such
   * repository. Uploads into it either finished before (and are counted off
   * here) or are refused.
   */
  abstract delete(id: number): Promise<DeletedRepositoryFiles | null>;
}
