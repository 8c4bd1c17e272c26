import { Module } from '@nestjs/common';
import { GitHttpModule } from '../git-http/git-http.module';
import { RefProtectionModule } from '../protection/ref-protection.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { CommitAccounts } from './commit-accounts.service';
import { RepoContentsController } from './repo-contents.controller';
import { RepoContentsService } from './repo-contents.service';
import { RepoGitResolver } from './repo-git';
import { RepoHistoryController } from './repo-history.controller';
import { RepoHistoryService } from './repo-history.service';

/**
 * What is in a repository, through the API: branches, commits with their
 * files, file and directory contents, raw and LFS-aware downloads, and commits
 * that write, delete or patch files. RepoGitResolver and CommitAccounts are shared with the wiki and
 * pull request modules.
 */
@Module({
  imports: [RepositoriesModule, GitHttpModule, RefProtectionModule],
  controllers: [RepoHistoryController, RepoContentsController],
  providers: [RepoGitResolver, CommitAccounts, RepoContentsService, RepoHistoryService],
  exports: [RepoGitResolver, CommitAccounts],
})
export class RepoFilesModule {}
