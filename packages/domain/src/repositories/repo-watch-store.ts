import type { Owner } from '../accounts/owner';

/**
 * Port: users watching repositories (Forgejo's subscriptions). A watcher is
 * notified of every issue and pull request event in the repository. The
 * repository's `numWatches` follows every watch and unwatch in the same
 * transaction, written in place so that concurrent watches never lose one.
 */
export abstract class RepoWatchStore {
  /** Watches the repository; false when the user watched it already. ContainerGoneError when the repository is gone. */
  abstract watch(userId: number, repoId: number): Promise<boolean>;
  /** Stops watching; false when the user did not watch it. */
  abstract unwatch(userId: number, repoId: number): Promise<boolean>;
  abstract isWatching(userId: number, repoId: number): Promise<boolean>;
  /** The repositories the user watches, newest watch first (ids). */
  abstract watchedBy(userId: number): Promise<number[]>;
  /** The users watching the repository, oldest watch first, paged, and how many there are. */
  abstract watchers(repoId: number, skip: number, take: number): Promise<[Owner[], number]>;
}
