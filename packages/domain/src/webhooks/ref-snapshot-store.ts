import { RefState } from './ref-changes';

/** A repository's refs as webhooks last saw them (null: never seen), and the version to compare and swap on. */
export interface RefSnapshot {
  readonly state: RefState | null;
  readonly version: number;
}

/**
 * Port: the refs of each repository as webhooks last saw them, shared by every
 * instance, so that each ref move is announced once whichever instance took
 * the push. A writer reads the snapshot, reads git, and stores the new state
 * only if the snapshot is still the one it read (compare and swap), in the
 * transaction that queues the events; when another writer came first it reads
 * both again.
 */
export abstract class RefSnapshotStore {
  /** The repository's snapshot; a repository never seen has `{ state: null, version: 0 }`. */
  abstract find(repoId: number): Promise<RefSnapshot>;
  /** Stores `state` when the stored version is still `seenVersion`; false when another writer stored one since. */
  abstract replace(repoId: number, seenVersion: number, state: RefState): Promise<boolean>;
}
