import { branchFilterAllows } from './branch-filter';
import { HookEventType } from './hook-events';

/** Whose events a hook hears: one repository, every repository of an owner (user or org), or the whole site. */
export type WebhookScope = { kind: 'repo'; repoId: number } | { kind: 'owner'; ownerId: number } | { kind: 'system' };

/** The receiving software a hook speaks to; Bellows sends Forgejo's (= Gitea's) payloads. */
export type WebhookType = 'forgejo' | 'gitea';

/** How the body is sent: JSON, or a form with the JSON in its `payload` field. */
export type WebhookContentType = 'json' | 'form';

/** What the last finished delivery of a hook did, as Forgejo's `last_status`. */
export type WebhookStatus = 'none' | 'succeed' | 'fail';

/** A webhook as stored. Its secret and authorization header stay encrypted here. */
export interface Webhook {
  id: number;
  scope: WebhookScope;
  type: WebhookType;
  url: string;
  contentType: WebhookContentType;
  /** The chosen event types (Forgejo's `choose_events` flags that are on). */
  events: HookEventType[];
  branchFilter: string;
  active: boolean;
  /** The HMAC secret, encrypted ('' when none). */
  secretEncrypted: string;
  /** The `Authorization` header sent with each delivery, encrypted ('' when none). */
  authorizationHeaderEncrypted: string;
  lastStatus: WebhookStatus;
  createdAt: Date;
  updatedAt: Date;
}

export type NewWebhook = Omit<Webhook, 'id' | 'lastStatus' | 'createdAt' | 'updatedAt'>;

export type WebhookChanges = Partial<
  Pick<Webhook, 'url' | 'contentType' | 'events' | 'branchFilter' | 'active' | 'secretEncrypted' | 'authorizationHeaderEncrypted'>
>;

/** Whether `hook` is sent an event of `type` about `branch` (undefined when about no branch). */
export function webhookWants(hook: Pick<Webhook, 'active' | 'events' | 'branchFilter'>, type: HookEventType, branch?: string): boolean {
  return hook.active && hook.events.includes(type) && branchFilterAllows(hook.branchFilter, branch);
}
