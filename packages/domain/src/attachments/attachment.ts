/**
 * A file attached to an issue, an issue comment or a release. It counts toward
 * the owner of its repository, never its uploader (see `bucketOf`).
 */
export interface Attachment {
  id: number;
  /** Names the stored file and the download URL (`{ROOT_URL}attachments/{uuid}`). */
  uuid: string;
  repoId: number;
  /** The issue it hangs on (also set for a comment's attachment: the comment's issue). */
  issueId: number | null;
  commentId: number | null;
  releaseId: number | null;
  /** Null once the uploader's account is gone. */
  uploaderId: number | null;
  name: string;
  size: number;
  createdAt: Date;
  /** How often it was downloaded. */
  downloadCount: number;
}

/** What recording an uploaded file takes. */
export interface NewAttachment {
  repoId: number;
  name: string;
  size: number;
  uploaderId: number | null;
  issueId?: number | null;
  commentId?: number | null;
  releaseId?: number | null;
  /** Defaults to a new random UUID; uploads give the one their file was stored under. */
  uuid?: string;
  /** Defaults to now; back-dated uploads give their date. */
  createdAt?: Date;
}

/** What attachments hang on. */
export type AttachmentContainerKind = 'issue' | 'comment' | 'release';

/** One issue, comment or release, as the place of attachments. */
export interface AttachmentPlace {
  kind: AttachmentContainerKind;
  id: number;
}

/**
 * Whether the attachment hangs on that place: a release's or a comment's by
 * their column, an issue's only when it is the issue's own (not one of its
 * comments'), as the issue's attachment list shows them.
 */
export function isAttachedTo(attachment: Pick<Attachment, 'issueId' | 'commentId' | 'releaseId'>, place: AttachmentPlace): boolean {
  switch (place.kind) {
    case 'issue':
      return attachment.issueId === place.id && attachment.commentId === null;
    case 'comment':
      return attachment.commentId === place.id;
    case 'release':
      return attachment.releaseId === place.id;
  }
}
