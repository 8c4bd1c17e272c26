import { Injectable } from '@nestjs/common';

/**
 * How the delivery attempts this process made turned out, since it started:
 * `succeeded` when the receiver answered 2xx, `failed` otherwise (an error, a
 * timeout, another status; a retry that follows is counted again). Plain
 * counters in memory, read by the metrics (`bellows_webhook_deliveries_total`):
 * each server counts what it sent, and Prometheus adds the servers up.
 */
@Injectable()
export class DeliveryOutcomes {
  private counts = { succeeded: 0, failed: 0 };

  record(succeeded: boolean): void {
    if (succeeded) this.counts.succeeded++;
    else this.counts.failed++;
  }

  get succeeded(): number {
    return this.counts.succeeded;
  }

  get failed(): number {
    return this.counts.failed;
  }
}
