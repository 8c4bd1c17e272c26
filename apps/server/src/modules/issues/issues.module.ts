import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { CommentsService } from './comments.service';
import { CrossReferences } from './cross-references.service';
import { IssueLookup } from './issue-lookup.service';
import { IssueShaper } from './issue-shaper.service';
import { IssuesController } from './issues.controller';
import { IssuesService } from './issues.service';
import { MilestonesController } from './milestones.controller';
import { MilestonesService } from './milestones.service';
import { TimelineService } from './timeline.service';
import { UpdateDatePolicy } from './update-date-policy';

/**
 * Issues, comments, the timeline, cross-references and milestones. Exports
 * what the labels, attachments and notifications features build on: finding
 * an issue or comment for a caller (IssueLookup), recording timeline events
 * (TimelineService), applying the update-date policy (UpdateDatePolicy) and
 * shaping issues (IssueShaper).
 */
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [IssuesController, MilestonesController],
  providers: [
    IssueLookup,
    TimelineService,
    UpdateDatePolicy,
    IssueShaper,
    IssuesService,
    CommentsService,
    CrossReferences,
    MilestonesService,
    shapeContextProvider,
  ],
  exports: [IssueLookup, TimelineService, UpdateDatePolicy, IssueShaper],
})
export class IssuesModule {}
