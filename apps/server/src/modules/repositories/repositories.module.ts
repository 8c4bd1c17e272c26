import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RepositoryAccess } from './repository-access.service';
import { RepositoryService } from './repository.service';
import { CollaboratorsController } from './collaborators.controller';
import { CollaboratorsService } from './collaborators.service';
import { AdminReposController, OrgReposController } from './org-repos.controller';
import { RepositoriesController } from './repositories.controller';
import { UserReposController } from './user-repos.controller';
import { RepositoryCreation } from './repository-creation.service';
import { RepositoryListing } from './repository-listing.service';
import { shapeContextProvider } from '../accounts/shape-context.provider';

/**
 * Repositories: who may do what (RepositoryAccess), rows and bare repositories
 * kept together (RepositoryService), and the blob storage adapter (the git
 * ports are bound in app/ports/git.ports.ts).
 * The git, LFS, contents, wiki and pull request modules import this one.
 */
@Module({
  imports: [AccountsModule],
  controllers: [RepositoriesController, UserReposController, OrgReposController, AdminReposController, CollaboratorsController],
  providers: [RepositoryAccess, RepositoryService, RepositoryCreation, RepositoryListing, CollaboratorsService, shapeContextProvider],
  exports: [RepositoryAccess, RepositoryService],
})
export class RepositoriesModule {}
