/*
 * What makes up an owner's usage, object by object, for Forgejo's
 * `/user/quota/{attachments,packages,artifacts}` lists.
 */

/** An attachment that counts, with what its URLs need. */
export interface CountedAttachment {
  id: number;
  uuid: string;
  name: string;
  size: number;
  issueId: number | null;
  /** The number of the issue within its repository (what its URLs use); null when it has no issue. */
  issueIndex: number | null;
  commentId: number | null;
  releaseId: number | null;
  /** The tag of the release (what its web URL uses); null when it has no release. */
  releaseTag: string | null;
  ownerName: string;
  repoName: string;
}

/** A package version that counts: the sum of its files. */
export interface CountedPackageVersion {
  versionId: number;
  ownerName: string;
  type: string;
  name: string;
  version: string;
  size: number;
}

/** An artifact that counts (an active one). */
export interface CountedArtifact {
  id: number;
  name: string;
  size: number;
  runId: number;
  ownerName: string;
  repoName: string;
}

/** Port: the objects counted for an owner, biggest first; each answer is one page and the number of all. */
export abstract class CountedObjects {
  abstract attachments(ownerId: number, skip: number, take: number): Promise<[CountedAttachment[], number]>;
  abstract packageVersions(ownerId: number, skip: number, take: number): Promise<[CountedPackageVersion[], number]>;
  abstract artifacts(ownerId: number, skip: number, take: number): Promise<[CountedArtifact[], number]>;
}
