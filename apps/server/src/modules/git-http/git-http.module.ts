import { Module } from '@nestjs/common';
import { RefProtectionModule } from '../protection/ref-protection.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { GitHttpRoutes } from './git-http.routes';
import { GitRepositoryLocator } from './git-repository-locator';
import { GitRequestAccess } from './git-request-access';
import { LfsObjectStorage } from './lfs/lfs-object-storage';
import { LfsHandler } from './lfs/lfs.handler';
import { SmartHttpHandler } from './smart-http.handler';

/**
 * Git over HTTP: clone, fetch and push of repositories and their wikis
 * (`{owner}/{repo}.git`, `{owner}/{repo}.wiki.git`) and Git LFS, outside /api/v1.
 */
@Module({
  imports: [RepositoriesModule, RefProtectionModule],
  providers: [GitRequestAccess, GitRepositoryLocator, SmartHttpHandler, LfsObjectStorage, LfsHandler, GitHttpRoutes],
  exports: [GitRequestAccess, LfsObjectStorage],
})
export class GitHttpModule {}
