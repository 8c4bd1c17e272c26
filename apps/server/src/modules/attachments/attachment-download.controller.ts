import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { redirectToDirectUrl } from '../storage/direct-download';
import { AttachmentDownloads } from './attachment-downloads.service';

/**
 * `GET {ROOT_URL}attachments/{uuid}`: the file itself, streamed from storage,
 * for anyone who may see the attachment where it hangs (see
 * AttachmentDownloads). Everyone else gets 404, so nothing private leaks.
 * With `[attachment] SERVE_DIRECT` on object storage: 303 to a presigned URL, as Forgejo.
 */
@ApiExcludeController()
@ScopeGroup('repository')
@Controller('attachments')
export class AttachmentDownloadController {
  constructor(private readonly downloads: AttachmentDownloads) {}

  @Get(':uuid')
  async downloadAttachment(
    @Param('uuid') uuid: string,
    @CurrentActor() actor: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const download = await this.downloads.open(uuid, actor);
    if ('directUrl' in download) {
      redirectToDirectUrl(reply, download.directUrl, 303);
      return undefined;
    }
    const { attachment, content } = download;
    return new StreamableFile(content, {
      type: 'application/octet-stream',
      length: attachment.size,
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    });
  }
}
