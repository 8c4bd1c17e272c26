import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { IssuesModule } from '../issues/issues.module';
import { IssueSubscriptionsController } from './issue-subscriptions.controller';
import { IssueSubscriptionsService } from './issue-subscriptions.service';

/** Subscriptions to issues and pull requests, which decide who their notifications reach. */
@Module({
  imports: [IssuesModule],
  controllers: [IssueSubscriptionsController],
  providers: [IssueSubscriptionsService, shapeContextProvider],
})
export class IssueSubscriptionsModule {}
