import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepoFilesModule } from '../repo-files/repo-files.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

/**
 * Reviews of pull requests: verdicts, line comments, dismissals and requests to
 * review (the domain's review rules, stored through the PullReviewStore port).
 */
@Module({
  imports: [RepositoriesModule, RepoFilesModule],
  controllers: [ReviewsController],
  providers: [ReviewsService, shapeContextProvider],
  exports: [ReviewsService],
})
export class ReviewsModule {}
