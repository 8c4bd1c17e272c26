import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IssuesModule } from '../issues/issues.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { ReadableIssues } from './readable-issues';
import { StopwatchesService } from './stopwatches.service';
import { IssueTimesController, MyTimesController, RepoTimesController } from './time-tracking.controller';
import { TrackedTimesService } from './tracked-times.service';

/** Time tracking on issues: tracked times and stopwatches. */
@Module({
  imports: [AccountsModule, RepositoriesModule, IssuesModule],
  controllers: [IssueTimesController, RepoTimesController, MyTimesController],
  providers: [TrackedTimesService, StopwatchesService, ReadableIssues],
  exports: [ReadableIssues],
})
export class TimeTrackingModule {}
