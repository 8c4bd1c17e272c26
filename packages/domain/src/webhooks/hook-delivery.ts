import { HookEventType } from './hook-events';

/**
 * What a publisher hands over about one event: the payload is rendered at
 * event time (so a deleted issue or branch is still described), and the
 * dispatcher decides which hooks receive it.
 */
export interface HookEventInput {
  event: HookEventType;
  /** The repository the event is about; null for an owner-level event (e.g. a package of a user). */
  repoId: number | null;
  /** The owner (user or organization) of that repository, or whose event it is. */
  ownerId: number;
  /** The branch a hook's `branch_filter` is matched against; absent when the event is about no branch. */
  branch?: string;
  /** The JSON body sent, as Forgejo's payload for the event (e.g. PushPayload). */
  payload: object;
}

export type HookDeliveryState = 'pending' | 'delivered' | 'failed';

/** One event to send to one hook (Forgejo's hook_task), with every attempt made. */
export interface HookDelivery {
  id: number;
  hookId: number;
  /** Sent as X-Forgejo-Delivery, X-Gitea-Delivery and X-GitHub-Delivery. */
  uuid: string;
  event: HookEventType;
  /** The JSON body, as rendered when the event happened. */
  payload: string;
  state: HookDeliveryState;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
}

export interface NewHookDelivery {
  hookId: number;
  uuid: string;
  event: HookEventType;
  payload: string;
}

/** One try to send a delivery, as recorded. */
export interface HookDeliveryAttempt {
  id: number;
  deliveryId: number;
  startedAt: Date;
  durationMs: number;
  requestUrl: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  /** The receiver's status; null when no answer came (refused, timed out, blocked). */
  responseStatus: number | null;
  /** The start of the receiver's body (a few KiB at most). */
  responseBody: string;
  /** Why no answer came, when none did. */
  error: string | null;
}

export type NewHookDeliveryAttempt = Omit<HookDeliveryAttempt, 'id' | 'deliveryId'>;

/** What to do after an attempt: done, try again at `retryAt`, or give up. */
export type AttemptOutcome = { state: 'delivered' } | { state: 'failed' } | { state: 'pending'; retryAt: Date };

/**
 * The outcome of attempt number `attempt` (1 for the first): success on a
 * 2xx answer; else a retry after `backoffMs` doubled each time, until
 * `maxAttempts` have been made, then the delivery is given up.
 */
export function attemptOutcome(
  attempt: number,
  responseStatus: number | null,
  policy: { maxAttempts: number; backoffMs: number },
  now: Date,
): AttemptOutcome {
  if (responseStatus !== null && responseStatus >= 200 && responseStatus < 300) return { state: 'delivered' };
  if (attempt >= policy.maxAttempts) return { state: 'failed' };
  return { state: 'pending', retryAt: new Date(now.getTime() + policy.backoffMs * 2 ** (attempt - 1)) };
}
