import { LfsObject } from './lfs-object';

/**
 * Port: Git LFS objects and the repositories that reference them. A
 * repository's `lfsSize` is the sum of the sizes of the objects it references;
 * every new reference recomputes it, and the owner's `git:lfs` usage follows in
 * the same transaction.
 */
export abstract class LfsStore {
  abstract findObject(oid: string): Promise<LfsObject | null>;
  /** The object, if the repository references it (only then may it be downloaded from there). */
  abstract findInRepository(repoId: number, oid: string): Promise<LfsObject | null>;
  /**
   * Records that the repository references the object (creating the object when
   * it is new) and returns the repository's new LFS size. Referencing an object
   * twice changes nothing. ContainerGoneError when the repository is gone.
   */
  abstract reference(repoId: number, oid: string, size: number): Promise<number>;
  /**
   * Makes `toRepoId` reference every object `fromRepoId` references (a fork
   * shares its parent's LFS objects, as in Forgejo) and returns its new LFS
   * size, counted for its owner. ContainerGoneError when `toRepoId` is gone.
   */
  abstract copyReferences(fromRepoId: number, toRepoId: number): Promise<number>;
  /** Sum of the sizes of the objects the repository references (0 when none). */
  abstract sizeOfRepository(repoId: number): Promise<number>;
}
