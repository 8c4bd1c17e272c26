import { Controller, Get, Inject, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Database } from '@bellows/persistence-typeorm';
import { BlobNotFoundError, BlobStore, shardedKey } from '@bellows/storage';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { RepositoryAccess } from '../repositories/repository-access.service';

/**
 * `GET {ROOT_URL}attachments/{uuid}`: the file itself, streamed from storage,
 * for anyone who may read the attachment's repository. Everyone else gets 404,
 * as if it did not exist, so a private repository's files never leak.
 */
@ApiExcludeController()
@ScopeGroup('repository')
@Controller('attachments')
export class AttachmentDownloadController {
  constructor(
    private readonly db: Database,
    private readonly access: RepositoryAccess,
    @Inject(BlobStore) private readonly blobs: BlobStore,
  ) {}

  @Get(':uuid')
  async downloadAttachment(@Param('uuid') uuid: string, @CurrentActor() actor: Actor | undefined): Promise<StreamableFile> {
    const notFound = new NotFoundException(`attachment ${uuid} does not exist`);
    const attachment = /^[0-9a-f-]{36}$/i.test(uuid) ? await this.db.attachments.findByUuid(uuid.toLowerCase()) : null;
    const repo = attachment ? await this.db.repositories.findById(attachment.repoId) : null;
    const owner = repo ? await this.db.owners.findById(repo.ownerId) : null;
    if (!attachment || !repo || !owner || (await this.access.permissionOf(owner, repo, actor?.user)) === 'none') throw notFound;
    let stream;
    try {
      stream = await this.blobs.read(shardedKey('attachments', attachment.uuid));
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound;
      throw error;
    }
    await this.db.attachments.countDownload(attachment.id);
    return new StreamableFile(stream, {
      type: 'application/octet-stream',
      length: attachment.size,
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
    });
  }
}
