/**
 * Port: which stored files rows still refer to, asked a batch at a time (the
 * blob sweep lists files and asks about each batch, so memory stays flat
 * however many rows and files there are). Each answer is the subset of the
 * given ids that some row holds; an empty batch answers an empty set.
 */
export abstract class BlobReferenceStore {
  /** Attachment uuids that have a row (attached to something or not yet), lower-cased. */
  abstract attachmentUuids(uuids: string[]): Promise<Set<string>>;
  /** LFS oids that have an object row. */
  abstract lfsOids(oids: string[]): Promise<Set<string>>;
  /** Package content digests that have a blob row. */
  abstract packageBlobSha256s(sha256s: string[]): Promise<Set<string>>;
  /** Artifact uploads (not finalized yet) that still exist: their blocks and zip are theirs. */
  abstract artifactUploadIds(ids: number[]): Promise<Set<number>>;
  /** Storage keys of artifacts that can still be downloaded (an expired artifact's zip is garbage). */
  abstract activeArtifactKeys(keys: string[]): Promise<Set<string>>;
}
