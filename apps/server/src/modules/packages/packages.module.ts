import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { GenericRegistryHandler } from './generic-registry.handler';
import { GenericRegistry } from './generic-registry.service';
import { NpmRegistryHandler } from './npm/npm-registry.handler';
import { NpmRegistry } from './npm/npm-registry.service';
import { PackageAccess } from './package-access.service';
import { PackageCatalog } from './package-catalog.service';
import { PackageFiles } from './package-files.service';
import { PackageRegistryRoutes } from './package-registry.routes';
import { PackagesController } from './packages.controller';

/**
 * The package registry: content-addressed package files (PackageFiles), who
 * may see and change them (PackageAccess), the generic and npm registries
 * under `{ROOT_URL}api/packages/{owner}/` (their handlers are where requests
 * enter, GenericRegistry and NpmRegistry their use cases), and Forgejo's
 * package API (PackagesController, PackageCatalog).
 */
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [PackagesController],
  providers: [
    PackageFiles,
    PackageAccess,
    PackageCatalog,
    GenericRegistry,
    NpmRegistry,
    GenericRegistryHandler,
    NpmRegistryHandler,
    PackageRegistryRoutes,
    shapeContextProvider,
  ],
})
export class PackagesModule {}
