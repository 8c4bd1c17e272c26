import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { RepositoryListing } from '../repositories/repository-listing.service';
import { RepoTeamsController } from './repo-teams.controller';
import { TeamReposController } from './team-repos.controller';
import { TeamRepositoriesService } from './team-repositories.service';

/** Which repositories a team reaches (and so which teams reach a repository), and the access that gives. */
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [TeamReposController, RepoTeamsController],
  providers: [TeamRepositoriesService, RepositoryListing, shapeContextProvider],
})
export class TeamRepositoriesModule {}
