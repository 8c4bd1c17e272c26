import type { CountedAttachment } from '../quota/counted-objects';
import { Attachment, AttachmentContainerKind, NewAttachment } from './attachment';

/**
 * Port: attachments of issues, comments and releases. The store keeps the
 * repository owner's usage ledger in step with the rows it writes.
 */
export abstract class AttachmentStore {
  /** The attachment, or null (also for an id no row can have). */
  abstract findById(id: number): Promise<Attachment | null>;
  abstract findByUuid(uuid: string): Promise<Attachment | null>;
  /** The issue's own attachments (not those of its comments), oldest first. */
  abstract listOfIssue(issueId: number): Promise<Attachment[]>;
  /** A comment's attachments, oldest first. */
  abstract listOfComment(commentId: number): Promise<Attachment[]>;
  /** A release's attachments, oldest first. */
  abstract listOfRelease(releaseId: number): Promise<Attachment[]>;
  /** The attachments of several releases at once (for a page of releases), oldest first; none for no releases. */
  abstract listOfReleases(releaseIds: number[]): Promise<Attachment[]>;
  /** Renames it by id; false when the attachment is gone. */
  abstract rename(id: number, name: string): Promise<boolean>;
  /** Adds one to its download count (nothing when it is gone). */
  abstract countDownload(id: number): Promise<void>;
  /**
   * Records an uploaded file and counts it, in one transaction, while its
   * repository and its issue, comment or release are held; ContainerGoneError
   * when one of them was deleted meanwhile (nothing is recorded then).
   */
  abstract insert(input: NewAttachment): Promise<Attachment>;
  /** Deletes the attachment and takes its bytes off the repository owner's ledger. False when it was already gone. */
  abstract delete(id: number): Promise<boolean>;
  /**
   * Deletes an issue, a comment or a release with all its attachments, in one
   * transaction: the container is locked first, so an upload into it either
   * finished before (its row is seen and taken off the ledger here) or is
   * refused by `insert`. Returns the deleted attachments (their files are the
   * caller's to remove once this has committed), or null when the container
   * was already gone. An issue's attachments include its comments'.
   */
  abstract deleteContainer(kind: AttachmentContainerKind, id: number): Promise<Attachment[] | null>;
  /** One page of the attachments counted for the owner, biggest first, and how many there are. */
  abstract listCountedForOwner(ownerId: number, skip: number, take: number): Promise<[CountedAttachment[], number]>;
}
