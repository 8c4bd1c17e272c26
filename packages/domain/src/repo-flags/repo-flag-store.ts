/** Flags site admins put on repositories. */
export abstract class RepoFlagStore {
  /** The repository's flags, oldest first. */
  abstract list(repoId: number): Promise<string[]>;
  abstract has(repoId: number, name: string): Promise<boolean>;
  /** Adds the flag; having it already changes nothing. */
  abstract add(repoId: number, name: string): Promise<void>;
  abstract remove(repoId: number, name: string): Promise<void>;
  /** Replaces every flag of the repository with `names` (distinct), in one transaction. */
  abstract replaceAll(repoId: number, names: readonly string[]): Promise<void>;
  abstract removeAll(repoId: number): Promise<void>;
}
