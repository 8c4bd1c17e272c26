import { Controller, Get, Param, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { AttachmentDownloads } from './attachment-downloads.service';

/**
 * `GET {ROOT_URL}attachments/{uuid}`: the file itself, streamed from storage,
 * for anyone who may see the attachment where it hangs (see
 * AttachmentDownloads). Everyone else gets 404, so nothing private leaks.
 */
@ApiExcludeController()
@ScopeGroup('repository')
@Controller('attachments')
export class AttachmentDownloadController {
  constructor(private readonly downloads: AttachmentDownloads) {}

  @Get(':uuid')
  async downloadAttachment(@Param('uuid') uuid: string, @CurrentActor() actor: Actor | undefined): Promise<StreamableFile> {
    const { attachment, content } = await this.downloads.open(uuid, actor);
    return new StreamableFile(content, {
      type: 'application/octet-stream',
      length: attachment.size,
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    });
  }
}
