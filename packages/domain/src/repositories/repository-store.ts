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
  /**
   * Inserts the repository (empty) and counts its sizes; RepositoryNameTakenError when the owner has one of that name.
   * With `forkId` the parent's fork count grows in the same transaction; ContainerGoneError when the parent is gone.
   */
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
   * Gives the repository to another owner: its git and LFS bytes, the bytes of
   * its attachments and artifacts leave the old owner's usage and join the new
   * owner's in the same transaction; packages linked to it are unlinked (a
   * package links only to a repository of its own owner) and keep counting for
   * their owner; teams of the old owner lose their access to it.
   * RepositoryNameTakenError when the new owner has a repository of that name,
   * ContainerGoneError when it is gone.
   */
  abstract changeOwner(id: number, newOwnerId: number): Promise<void>;
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
