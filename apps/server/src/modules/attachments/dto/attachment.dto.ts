import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Attachment } from '@bellows/domain';

/** Forgejo's `Attachment`. */
export class ApiAttachment {
  @ApiProperty({ type: 'integer', format: 'int64' }) id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) size!: number;
  @ApiProperty({ type: 'integer', format: 'int64' }) download_count!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty() uuid!: string;
  @ApiProperty({ description: '`{ROOT_URL}attachments/{uuid}`' }) browser_download_url!: string;
  @ApiProperty({ enum: ['attachment', 'external'] }) type!: 'attachment';
}

/** Forgejo's `EditAttachmentOptions`: only the name can change (there are no external attachments here). */
export class EditAttachmentOptions {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) name?: string;
}

/** Where an attachment is downloaded: outside the API, readable with the repository's read permission. */
export function attachmentDownloadUrl(rootUrl: string, uuid: string): string {
  return `${rootUrl}attachments/${uuid}`;
}

export function toApiAttachment(attachment: Attachment, rootUrl: string): ApiAttachment {
  return {
    id: attachment.id,
    name: attachment.name,
    size: attachment.size,
    download_count: attachment.downloadCount,
    created_at: attachment.createdAt.toISOString(),
    uuid: attachment.uuid,
    browser_download_url: attachmentDownloadUrl(rootUrl, attachment.uuid),
    type: 'attachment',
  };
}
