import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { RepoPeopleController } from './repo-people.controller';
import { RepoPeopleService } from './repo-people.service';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

/**
 * Reviews of pull requests: verdicts, line comments, dismissals and requests to
 * review (the domain's review rules, stored through the PullReviewStore port),
 * and who can be asked to review or be assigned in a repository.
 */
@Module({
  imports: [RepositoriesModule, RepoFilesModule],
  controllers: [ReviewsController, RepoPeopleController],
  providers: [ReviewsService, RepoPeopleService, shapeContextProvider],
  exports: [ReviewsService],
})
export class ReviewsModule {}
