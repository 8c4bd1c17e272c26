import { UsageBucket } from './subject';

/**
 * Everything Bellows stores that counts toward an owner's quota, described by
 * the facts that decide where it counts. Adapters describe their rows as sized
 * things; only `bucketOf` turns them into buckets, so the rule exists once.
 */
export type SizedThing =
  /** A repository's git data (without LFS): it counts by the repository's visibility. */
  | { kind: 'repository-git'; isPrivate: boolean }
  /** The LFS objects a repository references. */
  | { kind: 'repository-lfs' }
  /** An attachment, by what holds it; one attached to nothing yet (an upload in progress) counts nowhere. */
  | { kind: 'attachment'; heldBy: AttachmentHolder }
  /** A file of a package version. */
  | { kind: 'package-file' }
  /** An Actions artifact (its compressed size): it counts while it is active, never once expired or before it is finished. */
  | { kind: 'artifact'; active: boolean };

export type AttachmentHolder = 'issue' | 'comment' | 'release' | 'nothing';

/** The bucket a sized thing counts in, or undefined when it counts nowhere. */
export function bucketOf(thing: SizedThing): UsageBucket | undefined {
  switch (thing.kind) {
    case 'repository-git':
      return thing.isPrivate ? 'repos:private' : 'repos:public';
    case 'repository-lfs':
      return 'git:lfs';
    case 'attachment':
      return ATTACHMENT_BUCKETS[thing.heldBy];
    case 'package-file':
      return 'packages';
    case 'artifact':
      return thing.active ? 'artifacts' : undefined;
  }
}

const ATTACHMENT_BUCKETS: Record<AttachmentHolder, UsageBucket | undefined> = {
  issue: 'attachments:issues',
  comment: 'attachments:issues',
  release: 'attachments:releases',
  nothing: undefined,
};

/**
 * What holds an attachment, from its links. A release attachment counts as a
 * release's even when it also names an issue; a comment's attachment also names
 * the comment's issue.
 */
export function attachmentHolder(links: { issueId: number | null; commentId: number | null; releaseId: number | null }): AttachmentHolder {
  if (links.releaseId !== null) return 'release';
  if (links.commentId !== null) return 'comment';
  if (links.issueId !== null) return 'issue';
  return 'nothing';
}
