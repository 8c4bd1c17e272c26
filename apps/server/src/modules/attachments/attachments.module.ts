import { Module } from '@nestjs/common';
import { IssuesModule } from '../issues/issues.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { AttachmentDownloadController } from './attachment-download.controller';
import { AttachmentDownloads } from './attachment-downloads.service';
import { IssueContainers } from './attachment-containers';
import { AttachmentUploads } from './attachment-upload';
import { AttachmentsService } from './attachments.service';
import { CommentAttachmentsController } from './comment-attachments.controller';
import { IssueAttachmentsController } from './issue-attachments.controller';
import { MultipartParser } from './multipart-parser';
import { RawUploadParser } from './raw-upload-body';

/**
 * Attachments of issues, comments and releases (one AttachmentsService, the
 * container being the difference; the release routes live in the releases
 * module) and the download of any attachment at `{ROOT_URL}attachments/{uuid}`.
 * Uploads are multipart forms or raw bodies streamed into blob storage (AttachmentUploads).
 */
@Module({
  imports: [RepositoriesModule, IssuesModule],
  controllers: [IssueAttachmentsController, CommentAttachmentsController, AttachmentDownloadController],
  providers: [MultipartParser, RawUploadParser, AttachmentUploads, AttachmentDownloads, AttachmentsService, IssueContainers],
  exports: [AttachmentsService],
})
export class AttachmentsModule {}
