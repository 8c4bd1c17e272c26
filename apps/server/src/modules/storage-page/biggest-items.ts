/** A repository and the bytes one of its parts (git or LFS) uses. */
export interface SizedRepository {
  id: number;
  name: string;
  size: number;
}

/**
 * Port: an owner's biggest repositories, by git size and by LFS size, biggest
 * first, at most `limit` (the storage page's "what uses my space"). Each is one
 * query bounded by the owner (bound in app/ports/web-pages.ports.ts); the other
 * kinds come from the quota's CountedObjects port.
 */
export abstract class BiggestItems {
  abstract repositoriesByGitSize(ownerId: number, limit: number): Promise<SizedRepository[]>;
  abstract repositoriesByLfsSize(ownerId: number, limit: number): Promise<SizedRepository[]>;
}
