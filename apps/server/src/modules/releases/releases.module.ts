import { Module } from '@nestjs/common';
import { AttachmentsModule } from '../attachments/attachments.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { ReleaseAttachmentsController } from './release-attachments.controller';
import { ReleaseAttachmentsService } from './release-attachments.service';
import { ReleasesController } from './releases.controller';
import { ReleaseTags } from './release-tags';
import { ReleasesService } from './releases.service';
import { SourceArchiveController } from './source-archive.controller';

/**
 * Releases (rows named by git tags), their attachments (uploaded with the
 * attachments module's streaming helper and downloaded through its
 * `{ROOT_URL}attachments/{uuid}` route), and source archives generated from
 * git on demand at `{ROOT_URL}{owner}/{repo}/archive/{ref}.zip|.tar.gz`.
 */
@Module({
  imports: [RepositoriesModule, AttachmentsModule],
  controllers: [ReleasesController, ReleaseAttachmentsController, SourceArchiveController],
  providers: [ReleasesService, ReleaseTags, ReleaseAttachmentsService],
})
export class ReleasesModule {}
