import { Module } from '@nestjs/common';
import { IssuesModule } from '../issues/issues.module';
import { IssueDeadlinesController } from './issue-deadlines.controller';
import { IssueDeadlinesService } from './issue-deadlines.service';

/** Deadlines of issues and pull requests (`due_date` on the issue JSON). */
@Module({
  imports: [IssuesModule],
  controllers: [IssueDeadlinesController],
  providers: [IssueDeadlinesService],
})
export class IssueDeadlinesModule {}
