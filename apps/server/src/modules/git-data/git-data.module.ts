import { Module } from '@nestjs/common';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { GitDataController } from './git-data.controller';
import { GitDataService } from './git-data.service';
import { RepoLanguagesController } from './repo-languages.controller';
import { RepoLanguagesService } from './repo-languages.service';

/** Git's objects through the API, read-only: trees, blobs, tag objects, refs, a commit's diff or patch, and the languages of the tree. */
@Module({
  imports: [RepositoriesModule, RepoFilesModule],
  controllers: [GitDataController, RepoLanguagesController],
  providers: [GitDataService, RepoLanguagesService],
})
export class GitDataModule {}
