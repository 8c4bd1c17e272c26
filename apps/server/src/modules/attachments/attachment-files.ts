import type { Attachment } from '@bellows/domain';
import { shardedKey } from '@bellows/storage';
import { BlobStorage } from '../storage/blob-storage';

/** Where an attachment's file lives under `[storage] PATH`. */
export function attachmentFileKey(attachment: Pick<Attachment, 'uuid'>): string {
  return shardedKey('attachments', attachment.uuid);
}

/**
 * Removes the files of attachments whose rows were deleted (after that
 * transaction committed: a file without a row is garbage the storage sweep
 * also finds, a row without its file would be data loss).
 */
export async function removeAttachmentFiles(blobs: BlobStorage, attachments: Pick<Attachment, 'uuid'>[]): Promise<void> {
  for (const attachment of attachments) await blobs.delete(attachmentFileKey(attachment));
}
