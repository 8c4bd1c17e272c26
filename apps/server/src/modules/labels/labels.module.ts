import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { IssuesModule } from '../issues/issues.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { IssueLabelsController } from './issue-labels.controller';
import { IssueLabelsService } from './issue-labels.service';
import { LabelCatalog } from './label-catalog.service';
import { OrgLabelsController } from './org-labels.controller';
import { RepoLabelsController } from './repo-labels.controller';

/**
 * Labels of repositories and organizations, and the labels on issues (with the
 * scoped, exclusive label rule of the domain). Issues show an issue's labels
 * with `toApiLabel` and `db.issueLabels.labelsOfIssues`.
 */
@Module({
  imports: [AccountsModule, RepositoriesModule, IssuesModule],
  controllers: [RepoLabelsController, OrgLabelsController, IssueLabelsController],
  providers: [LabelCatalog, IssueLabelsService],
})
export class LabelsModule {}
