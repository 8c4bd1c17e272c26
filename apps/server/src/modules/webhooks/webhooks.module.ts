import { Global, Module } from '@nestjs/common';
import { HookDeliveryStore, RefSnapshotStore, WebhookStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { bindPort } from '../../app/ports/bind-port';
import { BellowsConfig } from '../../config';
import { SecretBox } from '../../crypto/secret-box';
import { AccountsModule } from '../accounts/accounts.module';
import { shapeContextProvider } from '../accounts/shape-context.provider';
import { RepositoriesModule } from '../repositories/repositories.module';
import { DeliveryOutcomes } from './delivery-outcomes';
import { DeliveryWakeUp } from './delivery-wake-up';
import { DeliveryWorker } from './delivery-worker';
import { PushEvents } from './push-events';
import { WebhookEvents } from './webhook-events';
import { WebhookScopes } from './webhook-scopes';
import { AdminHooksController, OrgHooksController, RepoHooksController, UserHooksController } from './webhooks.controllers';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks: the hooks of repositories, owners and the site, the queue of
 * deliveries and the worker that sends them. Global so that any module can
 * inject `WebhookEvents` to publish without depending on this one.
 */
@Global()
@Module({
  imports: [AccountsModule, RepositoriesModule],
  controllers: [RepoHooksController, OrgHooksController, UserHooksController, AdminHooksController],
  providers: [
    bindPort(WebhookStore, (db) => db.webhooks),
    bindPort(HookDeliveryStore, (db) => db.hookDeliveries),
    bindPort(RefSnapshotStore, (db) => db.refSnapshots),
    { provide: SecretBox, inject: [CONFIG], useFactory: (config: BellowsConfig) => new SecretBox(config.security.secretKey) },
    WebhookEvents,
    DeliveryWakeUp,
    DeliveryOutcomes,
    WebhookScopes,
    WebhooksService,
    DeliveryWorker,
    PushEvents,
    shapeContextProvider,
  ],
  exports: [WebhookEvents, DeliveryOutcomes],
})
export class WebhooksModule {}
