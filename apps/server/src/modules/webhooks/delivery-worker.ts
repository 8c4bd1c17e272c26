import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { attemptOutcome, HookDelivery, HookDeliveryStore, WebhookStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { DeliveryOutcomes } from './delivery-outcomes';
import { DeliverySender } from './delivery-sender';
import { DeliveryWakeUp } from './delivery-wake-up';
import { WebhooksService } from './webhooks.service';

/** How often the queue is looked at when nothing woke the worker. */
const POLL_MS = 1000;
/** Deliveries sent at once by one server: a slow receiver holds one slot, never the requests that queued events. */
const CONCURRENCY = 4;
/** Settled deliveries kept per hook (with their attempts) for the deliveries list; older ones are deleted. */
const KEPT_SETTLED_DELIVERIES = 100;
/** A lease outlives the longest attempt by this much; a delivery whose server died is taken again after it. */
const LEASE_MARGIN_MS = 10_000;

/**
 * Sends queued deliveries in the background, each with a lease (so several
 * servers on one database never send one twice), records every attempt, and
 * retries on failure with a doubling back-off until `[webhook] MAX_ATTEMPTS`,
 * then gives the delivery up and marks the hook failing (`last_status`).
 * Rows live in the database: what is pending or was in flight when the
 * process stopped is sent after the next start.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly sender: DeliverySender;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private stopped = false;

  constructor(
    @Inject(CONFIG) private readonly config: BellowsConfig,
    private readonly deliveries: HookDeliveryStore,
    private readonly hooks: WebhookStore,
    private readonly webhooks: WebhooksService,
    wakeUp: DeliveryWakeUp,
    private readonly outcomes: DeliveryOutcomes,
  ) {
    this.sender = new DeliverySender(config.webhook);
    wakeUp.onWake(() => void this.poll());
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    this.timer.unref();
    void this.poll();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Takes what is due into free slots; one poll at a time. */
  private async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      const free = CONCURRENCY - this.inFlight.size;
      if (free <= 0) return;
      const now = new Date();
      const leaseUntil = new Date(now.getTime() + this.config.webhook.deliverTimeoutMs + LEASE_MARGIN_MS);
      for (const delivery of await this.deliveries.claimDue(now, leaseUntil, free)) {
        const work = this.deliver(delivery).finally(() => {
          this.inFlight.delete(work);
          void this.poll();
        });
        this.inFlight.add(work);
      }
    } catch (error) {
      if (!this.stopped) this.logger.error(`webhook queue: ${(error as Error).message}`);
    } finally {
      this.polling = false;
    }
  }

  private async deliver(delivery: HookDelivery): Promise<void> {
    try {
      const hook = await this.hooks.findById(delivery.hookId);
      if (!hook) return; // deleted meanwhile: its deliveries went with it
      const attempt = await this.sender.send(delivery, {
        hook,
        secret: this.webhooks.secretOf(hook),
        authorization: this.webhooks.authorizationOf(hook),
      });
      const policy = { maxAttempts: this.config.webhook.maxAttempts, backoffMs: this.config.webhook.retryBackoffMs };
      const outcome = attemptOutcome(delivery.attempts + 1, attempt.responseStatus, policy, new Date());
      await this.deliveries.recordAttempt(delivery.id, attempt, outcome);
      this.outcomes.record(outcome.state === 'delivered');
      if (outcome.state !== 'pending') await this.deliveries.pruneSettled(hook.id, KEPT_SETTLED_DELIVERIES);
      if (outcome.state === 'failed') {
        this.logger.warn(`webhook ${hook.id}: delivery ${delivery.uuid} given up after ${delivery.attempts + 1} attempts`);
      }
    } catch (error) {
      // The lease runs out and the delivery is tried again; nothing is lost.
      if (!this.stopped) this.logger.error(`webhook delivery ${delivery.uuid}: ${(error as Error).message}`);
    }
  }
}
