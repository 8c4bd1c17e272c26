/**
 * Which uploaded avatar (the sha256 of its bytes in blob storage) an owner or
 * a repository shows; null when it shows the generated default.
 */
export abstract class AvatarStore {
  abstract ownerAvatar(ownerId: number): Promise<string | null>;
  /** Sets it by id; false when there is no such owner. */
  abstract setOwnerAvatar(ownerId: number, sha256: string | null): Promise<boolean>;
  abstract repositoryAvatar(repoId: number): Promise<string | null>;
  /** Sets it by id; false when there is no such repository. */
  abstract setRepositoryAvatar(repoId: number, sha256: string | null): Promise<boolean>;
  /** Whether any owner or repository still shows this blob (one is deleted when none does). */
  abstract isInUse(sha256: string): Promise<boolean>;
}
