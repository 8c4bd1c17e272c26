import { Injectable } from '@nestjs/common';

/**
 * Tells the delivery worker that deliveries were queued, so it need not wait
 * for its next poll. A nudge, never a guarantee: the queuing transaction may
 * not have committed yet, and the worker's poll picks up whatever it missed.
 */
@Injectable()
export class DeliveryWakeUp {
  private listener: (() => void) | undefined;

  onWake(listener: () => void): void {
    this.listener = listener;
  }

  soon(): void {
    const listener = this.listener;
    if (listener) setTimeout(listener, 20).unref();
  }
}
