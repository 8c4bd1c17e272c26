import { Module } from '@nestjs/common';
import { IssuesModule } from '../issues/issues.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { IssuePinsController, PinnedIssuesController } from './issue-pins.controller';
import { IssuePinsService } from './issue-pins.service';

/** Pinned issues and pull requests (`pin_order` on the issue JSON). */
@Module({
  imports: [IssuesModule, RepositoriesModule],
  controllers: [IssuePinsController, PinnedIssuesController],
  providers: [IssuePinsService],
})
export class IssuePinsModule {}
