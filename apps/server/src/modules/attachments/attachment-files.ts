import { AttachmentEntity } from '@bellows/persistence-typeorm';
import { BlobStore, shardedKey } from '@bellows/storage';

/** Where an attachment's file lives under `[storage] PATH`. */
export function attachmentFileKey(attachment: Pick<AttachmentEntity, 'uuid'>): string {
  return shardedKey('attachments', attachment.uuid);
}

/**
 * Removes the files of attachments whose rows were deleted (after that
 * transaction committed: a file without a row is garbage the storage sweep
 * also finds, a row without its file would be data loss).
 */
export async function removeAttachmentFiles(blobs: BlobStore, attachments: Pick<AttachmentEntity, 'uuid'>[]): Promise<void> {
  for (const attachment of attachments) await blobs.delete(attachmentFileKey(attachment));
}
