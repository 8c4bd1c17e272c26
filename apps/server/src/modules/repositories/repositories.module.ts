import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RepositoryAccess } from './repository-access.service';
import { RepositoryService } from './repository.service';
import { CollaboratorsController } from './collaborators.controller';
import { CollaboratorsService } from './collaborators.service';
import { AdminReposController, DeprecatedOrgReposController, OrgReposController } from './org-repos.controller';
import { RepositoryByIdController } from './repository-by-id.controller';
import { RepositoriesController } from './repositories.controller';
import { ForksController } from './forks.controller';
import { TransfersController } from './transfers.controller';
import { RepositoryTransfers } from './repository-transfers.service';
import { UserReposController } from './user-repos.controller';
import { RepositoryCreation } from './repository-creation.service';
import { RepositoryListing } from './repository-listing.service';
import { RepositoryShaping } from './repository-shaping.service';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepoTemplatesModule } from '../repo-templates/repo-templates.module';

/**
 * Repositories: who may do what (RepositoryAccess), rows and bare repositories
 * kept together (RepositoryService), and the blob storage adapter (the git
 * ports are bound in app/ports/git.ports.ts).
 * The git, LFS, contents, wiki and pull request modules import this one.
 */
@Module({
  imports: [AccountsModule, RepoTemplatesModule],
  controllers: [
    RepositoriesController,
    UserReposController,
    OrgReposController,
    DeprecatedOrgReposController,
    AdminReposController,
    RepositoryByIdController,
    CollaboratorsController,
    ForksController,
    TransfersController,
  ],
  providers: [
    RepositoryAccess,
    RepositoryService,
    RepositoryCreation,
    RepositoryListing,
    RepositoryShaping,
    RepositoryTransfers,
    CollaboratorsService,
    shapeContextProvider,
  ],
  exports: [RepositoryAccess, RepositoryService, RepositoryShaping],
})
export class RepositoriesModule {}
