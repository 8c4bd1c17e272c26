/**
 * A release of a repository, named by a git tag (one release per tag). A draft
 * has no tag in git yet: the tag is created when it is published, and only
 * then are `sha1` and `publishedAt` set. Its attachments are attachments with
 * `releaseId` (see AttachmentStore).
 */
export interface Release {
  id: number;
  repoId: number;
  tagName: string;
  /** The branch or commit the tag was (or will be) created at. */
  targetCommitish: string;
  name: string;
  body: string;
  isDraft: boolean;
  isPrerelease: boolean;
  /** Null once the publisher's account is gone. */
  publisherId: number | null;
  /** The commit the tag points at; null for a draft. */
  sha1: string | null;
  createdAt: Date;
  publishedAt: Date | null;
}

/** What creating a release takes: every column but the id. */
export type NewRelease = Omit<Release, 'id'>;

/** The columns of a release an edit may write. */
export type ReleaseChanges = Partial<Omit<Release, 'id' | 'repoId'>>;

/** Which releases of a repository a list shows. */
export interface ReleaseFilter {
  repoId: number;
  /** Whether drafts may be listed at all (only for those who may write). */
  includeDrafts: boolean;
  /** Only drafts (true) or only published releases (false). */
  draft?: boolean;
  /** Only pre-releases (true) or only full releases (false). */
  prerelease?: boolean;
  /** Text the tag or the title must contain (case-insensitive). */
  q?: string;
}

/**
 * Raised by the store when a release would name a tag another release of the
 * repository names (one release per tag). Checks made before a write can race
 * with another writer; this is the answer the check would have given.
 */
export class ReleaseTagTakenError extends Error {
  constructor(readonly tagName: string) {
    super(`a release with tag ${tagName} already exists`);
    this.name = 'ReleaseTagTakenError';
  }
}
