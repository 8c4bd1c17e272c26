import { Module } from '@nestjs/common';
import { AttachmentsModule } from '../attachments/attachments.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { ReleaseAttachmentsController } from './release-attachments.controller';
import { ReleasesController } from './releases.controller';
import { ReleaseTags } from './release-tags';
import { ReleasesService } from './releases.service';
import { SourceArchiveApiController, SourceArchiveController } from './source-archive.controller';
import { SourceArchiveDownloads } from './source-archive.service';

/**
 * Releases (rows named by git tags), their attachments (the attachments
 * module's AttachmentsService with a release as the container, downloaded
 * through its `{ROOT_URL}attachments/{uuid}` route), and source archives generated from
 * git on demand at `{ROOT_URL}{owner}/{repo}/archive/{ref}.zip|.tar.gz` and at
 * `/api/v1/repos/{owner}/{repo}/archive/…`.
 */
@Module({
  imports: [RepositoriesModule, AttachmentsModule],
  controllers: [ReleasesController, ReleaseAttachmentsController, SourceArchiveController, SourceArchiveApiController],
  providers: [ReleasesService, ReleaseTags, SourceArchiveDownloads],
})
export class ReleasesModule {}
