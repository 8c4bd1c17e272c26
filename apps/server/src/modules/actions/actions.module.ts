import { Module } from '@nestjs/common';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { AccountsModule } from '../accounts/accounts.module';
import { RepositoriesModule } from '../repositories/repositories.module';
import { ACTIONS_CRYPTO_PROVIDERS } from './actions.providers';
import { ActionsHolders } from './actions-holders';
import { ArtifactBlobHandler } from './artifacts/artifact-blob.handler';
import { ArtifactBlobs } from './artifacts/artifact-blobs';
import { ArtifactCleanup } from './artifacts/artifact-cleanup.service';
import { ArtifactProtocolRoutes } from './artifacts/artifact-protocol.routes';
import { ArtifactTwirpHandler } from './artifacts/artifact-twirp.handler';
import { ArtifactService } from './artifacts/artifact.service';
import { RepoArtifactsController } from './artifacts/repo-artifacts.controller';
import { ActionRunsController } from './runs/action-runs.controller';
import { ActionRunsService } from './runs/action-runs.service';
import { ActionSecretsService } from './secrets/action-secrets.service';
import { OrgSecretsController, RepoSecretsController, UserSecretsController } from './secrets/action-secrets.controllers';
import { OrgVariablesController, RepoVariablesController, UserVariablesController } from './variables/action-variables.controllers';
import { ActionVariablesService } from './variables/action-variables.service';

/**
 * Actions without a runner: runs registered by external CI systems, their
 * artifacts over the protocol @actions/artifact speaks (plus GitHub-shaped
 * REST routes and the expiry job), encrypted actions secrets and plain actions
 * variables.
 */
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [
    ActionRunsController,
    RepoArtifactsController,
    UserSecretsController,
    OrgSecretsController,
    RepoSecretsController,
    UserVariablesController,
    OrgVariablesController,
    RepoVariablesController,
  ],
  providers: [
    ...ACTIONS_CRYPTO_PROVIDERS,
    shapeContextProvider,
    ActionRunsService,
    ArtifactBlobs,
    ArtifactService,
    ArtifactTwirpHandler,
    ArtifactBlobHandler,
    ArtifactProtocolRoutes,
    ArtifactCleanup,
    ActionsHolders,
    ActionSecretsService,
    ActionVariablesService,
  ],
  exports: [ArtifactCleanup],
})
export class ActionsModule {}
