import type { Owner } from '../accounts/owner';

/**
 * A repository as stored. Its sizes are written by the code that changes the
 * data (push, LFS upload) through the RepositoryStore, which keeps the owner's
 * usage ledger in step.
 */
export interface Repository {
  id: number;
  ownerId: number;
  name: string;
  /** The name lower-cased: names are unique per owner case-insensitively. */
  lowerName: string;
  isPrivate: boolean;
  description: string;
  website: string;
  /** The branch HEAD points at; it need not exist while the repository is empty. */
  defaultBranch: string;
  /** True until the first commit arrives (auto_init, push, or a file written through the API). */
  isEmpty: boolean;
  isArchived: boolean;
  /** Bytes of git data, LFS objects not included. */
  gitSize: number;
  /** Bytes of the LFS objects the repository references. */
  lfsSize: number;
  /** The repository this one was forked from; null when it is no fork or its parent was deleted. */
  forkId: number | null;
  /** How many forks of this repository exist (whoever may see them). */
  numForks: number;
  /** How many users starred it. */
  numStars: number;
  /** How many users watch it explicitly (Forgejo's watchers_count). */
  numWatches: number;
  /** The sha256 of its uploaded avatar; null (or absent when not loaded) when it has none. */
  avatar?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A repository with its owner (what repository lists answer). */
export type RepositoryWithOwner = Repository & { owner: Owner };

/** What creating a repository takes; sizes default to 0, texts to '', the branch to `main`, visibility to public. */
export interface NewRepository {
  ownerId: number;
  name: string;
  isPrivate?: boolean;
  gitSize?: number;
  lfsSize?: number;
  description?: string;
  website?: string;
  defaultBranch?: string;
  /** The parent when the new repository is a fork of it (its fork count grows in the same transaction). */
  forkId?: number;
}

/** The columns of a repository that no quota figure depends on. */
export type RepositoryDetails = Partial<Pick<Repository, 'name' | 'description' | 'website' | 'defaultBranch' | 'isEmpty' | 'isArchived'>>;

/** The stored files of a deleted repository's attachments and artifacts. */
export interface DeletedRepositoryFiles {
  attachmentUuids: string[];
  /** Blob keys of the artifacts' zips. */
  artifactKeys: string[];
}

/**
 * Raised by the store when a repository would take a name its owner already
 * uses (names are unique per owner case-insensitively). Checks made before a
 * write can race with another writer; this is the answer the check would have given.
 */
export class RepositoryNameTakenError extends Error {
  constructor(readonly repoName: string) {
    super(`the owner already has a repository named ${repoName}`);
    this.name = 'RepositoryNameTakenError';
  }
}
