import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { HookEventInput, HookEventType, TransactionStores, UnitOfWork, webhookWants } from '@bellows/domain';
import { DeliveryWakeUp } from './delivery-wake-up';

/**
 * The one door through which the rest of the server reports events to
 * webhooks. Publish INSIDE the transaction that made the change, passing its
 * `tx`: the deliveries are queued in the same transaction, so a change is
 * never stored without its deliveries, nor the other way round. The payload is
 * rendered by the caller at event time (Forgejo's payload shapes); which hooks
 * receive it (repository, owner and system hooks; active; chosen events;
 * branch filter) is decided here. Sending happens later, in the background.
 *
 *   await this.webhookEvents.enqueue(tx, { event: 'issues', repoId, ownerId, payload });
 *   await this.webhookEvents.enqueueNow({ event: 'push', repoId, ownerId, branch: 'main', payload });
 */
/** Which hooks an event is for: everything of an event but its payload. */
export type HookEventTarget = Omit<HookEventInput, 'payload'>;

@Injectable()
export class WebhookEvents {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly wakeUp: DeliveryWakeUp,
  ) {}

  /** Queues a delivery of the event to each hook that wants it, in `tx`. */
  async enqueue(tx: TransactionStores, input: HookEventInput): Promise<void> {
    await this.enqueueRendered(tx, input, () => Promise.resolve(input.payload));
  }

  /**
   * {@link enqueue}, rendering the payload only once some hook wants the event.
   * An issue's or comment's payload reads its labels, assignees, counts and
   * sender inside the caller's transaction (on PostgreSQL while the issue's
   * row is locked): most repositories have no hook, and their writes must not
   * pay for a payload nobody receives. `render` answering null queues nothing.
   */
  async enqueueRendered(tx: TransactionStores, target: HookEventTarget, render: () => Promise<object | null>): Promise<void> {
    const hooks = (await tx.webhooks.activeFor(target.repoId, target.ownerId)).filter((hook) =>
      webhookWants(hook, target.event, target.branch),
    );
    if (hooks.length === 0) return;
    const rendered = await render();
    if (rendered === null) return;
    const payload = JSON.stringify(rendered);
    await tx.hookDeliveries.enqueue(hooks.map((hook) => ({ hookId: hook.id, uuid: randomUUID(), event: target.event, payload })));
    this.wakeUp.soon();
  }

  /** Queues one delivery to one hook, whatever it chose (repoTestHook). */
  async enqueueToHook(hookId: number, event: HookEventType, payload: object): Promise<void> {
    await this.unitOfWork.run((tx) => tx.hookDeliveries.enqueue([{ hookId, uuid: randomUUID(), event, payload: JSON.stringify(payload) }]));
    this.wakeUp.soon();
  }

  /** {@link enqueue} in a transaction of its own, for changes made outside a unit of work (git pushes). */
  enqueueNow(...inputs: HookEventInput[]): Promise<void> {
    return this.unitOfWork.run(async (tx) => {
      for (const input of inputs) await this.enqueue(tx, input);
    });
  }
}
