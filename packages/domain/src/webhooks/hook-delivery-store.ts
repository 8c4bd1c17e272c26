import { AttemptOutcome, HookDelivery, HookDeliveryAttempt, NewHookDelivery, NewHookDeliveryAttempt } from './hook-delivery';

/** Port: the queue of deliveries (rows survive restarts) and the attempts made on them. */
export abstract class HookDeliveryStore {
  /** Queues deliveries (in the caller's transaction when it is one), due now. */
  abstract enqueue(deliveries: NewHookDelivery[]): Promise<void>;
  /**
   * Takes up to `limit` pending deliveries that are due, leasing each until
   * `leaseUntil`: no other worker takes them meanwhile, and one whose worker
   * died is taken again once the lease ends (conditional update by id).
   */
  abstract claimDue(now: Date, leaseUntil: Date, limit: number): Promise<HookDelivery[]>;
  /** Records an attempt and what follows from it (a settled delivery sets its hook's last status), in one transaction; the lease ends. */
  abstract recordAttempt(deliveryId: number, attempt: NewHookDeliveryAttempt, outcome: AttemptOutcome): Promise<void>;
  /** Deletes the hook's settled (delivered or failed) deliveries but the newest `keep`, with their attempts; pending ones stay. */
  abstract pruneSettled(hookId: number, keep: number): Promise<void>;
  /** The deliveries of hook `hookId`, newest first, with their attempts (oldest first). */
  abstract listForHook(
    hookId: number,
    page: { offset: number; limit: number },
  ): Promise<{ deliveries: Array<HookDelivery & { attemptList: HookDeliveryAttempt[] }>; total: number }>;
}
