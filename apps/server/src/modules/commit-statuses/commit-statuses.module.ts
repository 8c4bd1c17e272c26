import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { CommitStatusesController } from './commit-statuses.controller';
import { CommitStatusesService } from './commit-statuses.service';

/**
 * Commit statuses (what CI systems report on commits) and the combined state of
 * a commit. The rule that decides whether a commit passes required checks is the
 * domain's (requiredChecksPass), for branch protection to ask.
 */
@Module({
  imports: [RepositoriesModule, RepoFilesModule],
  controllers: [CommitStatusesController],
  providers: [CommitStatusesService, shapeContextProvider],
})
export class CommitStatusesModule {}
