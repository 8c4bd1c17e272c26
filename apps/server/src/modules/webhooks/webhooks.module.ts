import { Global, Module } from '@nestjs/common';
import { DeliveryWakeUp } from './delivery-wake-up';
import { WebhookEvents } from './webhook-events';

/**
 * Webhooks: the hooks of repositories, owners and the site, the queue of
 * deliveries and the worker that sends them. Global so that any module can
 * inject `WebhookEvents` to publish without depending on this one.
 */
@Global()
@Module({
  providers: [WebhookEvents, DeliveryWakeUp],
  exports: [WebhookEvents],
})
export class WebhooksModule {}
