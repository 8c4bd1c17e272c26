import { Module } from '@nestjs/common';
import { IssuesModule } from '../issues/issues.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { AttachmentDownloadController } from './attachment-download.controller';
import { AttachmentDownloads } from './attachment-downloads.service';
import { AttachmentUploads } from './attachment-upload';
import { CommentAttachmentsController } from './comment-attachments.controller';
import { IssueAttachmentsController } from './issue-attachments.controller';
import { IssueAttachmentsService } from './issue-attachments.service';
import { MultipartParser } from './multipart-parser';
import { RawUploadParser } from './raw-upload-body';

/**
 * Attachments of issues and comments (API under /api/v1) and the download of
 * any attachment at `{ROOT_URL}attachments/{uuid}`. Uploads are multipart
 * forms or raw bodies streamed into blob storage (`AttachmentUploads`,
 * reusable by releases).
 */
@Module({
  imports: [RepositoriesModule, IssuesModule],
  controllers: [IssueAttachmentsController, CommentAttachmentsController, AttachmentDownloadController],
  providers: [MultipartParser, RawUploadParser, AttachmentUploads, AttachmentDownloads, IssueAttachmentsService],
  exports: [AttachmentUploads],
})
export class AttachmentsModule {}
