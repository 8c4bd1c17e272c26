import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IssuesModule } from '../issues/issues.module';
import { IssueSearchController } from './issue-search.controller';
import { IssueSearchService } from './issue-search.service';

/** Searching issues and pull requests across repositories (`/repos/issues/search`). */
@Module({
  imports: [AccountsModule, IssuesModule],
  controllers: [IssueSearchController],
  providers: [IssueSearchService],
})
export class IssueSearchModule {}
