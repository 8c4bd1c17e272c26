/** What a sized thing (an attachment, a package file, an artifact, LFS content) can hang on. */
export type ContainerKind = 'repository' | 'issue' | 'comment' | 'release' | 'package' | 'package version' | 'actions run';

/**
 * Raised when a sized write is recorded after its container was removed: an
 * upload that finished while its comment, release, issue, package version,
 * run or repository was being deleted. Bytes may only be counted while the
 * thing they belong to exists, so the write is refused (the HTTP layer answers
 * 404, as for a container that never existed) and nothing is recorded.
 */
export class ContainerGoneError extends Error {
  constructor(
    readonly kind: ContainerKind,
    readonly id: number | string,
  ) {
    super(`the ${kind} ${id} does not exist (any more): it was deleted while the request was in progress`);
    this.name = 'ContainerGoneError';
  }
}
