import { Module } from '@nestjs/common';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { GitDataController } from './git-data.controller';
import { GitDataService } from './git-data.service';

/** Git's objects through the API, read-only: trees, blobs, tag objects, refs, a commit's diff or patch. */
@Module({
  imports: [RepositoriesModule, RepoFilesModule],
  controllers: [GitDataController],
  providers: [GitDataService],
})
export class GitDataModule {}
