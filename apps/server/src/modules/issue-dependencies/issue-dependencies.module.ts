import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IssuesModule } from '../issues/issues.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { TimeTrackingModule } from '../time-tracking/time-tracking.module';
import { IssueDependenciesController } from './issue-dependencies.controller';
import { IssueDependenciesService } from './issue-dependencies.service';

/** Issues depending on issues (and blocking them). */
@Module({
  imports: [AccountsModule, RepositoriesModule, IssuesModule, TimeTrackingModule],
  controllers: [IssueDependenciesController],
  providers: [IssueDependenciesService],
})
export class IssueDependenciesModule {}
