import { Counter, Registry } from 'prom-client';
import { DeliveryOutcomes } from '../webhooks/delivery-outcomes';

/**
 * `bellows_webhook_deliveries_total{result}`: the delivery attempts this
 * process made (each retry too), `success` when the receiver answered 2xx,
 * `failure` otherwise. Counted in memory where they happen (DeliveryOutcomes)
 * and copied in at collection: a per-process counter, as Prometheus expects.
 */
export function webhookDeliveryMetrics(registry: Registry, outcomes: DeliveryOutcomes): void {
  new Counter({
    name: 'bellows_webhook_deliveries_total',
    help: 'Webhook delivery attempts made by this process, by result (success: a 2xx answer).',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'success' }, outcomes.succeeded);
      this.inc({ result: 'failure' }, outcomes.failed);
    },
  });
}
