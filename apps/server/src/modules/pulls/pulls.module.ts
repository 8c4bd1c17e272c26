import { Module } from '@nestjs/common';
import { RefProtectionModule } from '../protection/ref-protection.module';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { CompareController } from './compare.controller';
import { CompareService } from './compare.service';
import { CommitPullController } from './commit-pull.controller';
import { PullsController } from './pulls.controller';
import { PinnedPullsController } from './pinned-pulls.controller';
import { ForkPullHeads } from './fork-pull-heads';
import { PullHeads } from './pull-heads';
import { PullMergeService } from './pull-merge.service';
import { PullMergeability } from './pull-mergeability';
import { PullsService } from './pulls.service';

/** Pull requests between branches of one repository, numbered in the repository's issue sequence, and their merges. */
@Module({
  imports: [RepoFilesModule, RepositoriesModule, RefProtectionModule],
  controllers: [PullsController, CompareController, CommitPullController, PinnedPullsController],
  providers: [CompareService, PullsService, PullMergeService, PullMergeability, PullHeads, ForkPullHeads],
})
export class PullsModule {}
