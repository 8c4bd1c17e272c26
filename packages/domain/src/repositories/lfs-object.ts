/**
 * A Git LFS object, stored once by its oid (the sha256 of its content),
 * whichever repositories reference it.
 */
export interface LfsObject {
  oid: string;
  size: number;
  createdAt: Date;
}

/**
 * A repository's reference to an LFS object: the object was uploaded to (or
 * found for) this repository, so the repository may download it and its size
 * counts in the repository's `lfsSize`.
 */
export interface LfsObjectReference {
  repoId: number;
  oid: string;
}
