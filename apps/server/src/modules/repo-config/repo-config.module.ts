import { Module } from '@nestjs/common';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepoConfigController } from './repo-config.controller';
import { RepoConfigFiles } from './repo-config-files';
import { RepoConfigService } from './repo-config.service';

/** What a repository's configuration files (.editorconfig, issue templates and config) say. */
@Module({
  imports: [RepoFilesModule],
  controllers: [RepoConfigController],
  providers: [RepoConfigFiles, RepoConfigService],
})
export class RepoConfigModule {}
