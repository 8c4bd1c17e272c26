import { NewWebhook, Webhook, WebhookChanges, WebhookScope } from './webhook';

/** Port: the stored webhooks. */
export abstract class WebhookStore {
  abstract create(hook: NewWebhook): Promise<Webhook>;
  /** The hook `id` if it belongs to `scope`; null otherwise (another scope's id is not found). */
  abstract findInScope(scope: WebhookScope, id: number): Promise<Webhook | null>;
  /** The hooks of `scope`, oldest first, and how many there are. */
  abstract listInScope(scope: WebhookScope, page: { offset: number; limit: number }): Promise<{ hooks: Webhook[]; total: number }>;
  /** Changes the hook by id within its scope (never a loaded row saved); the hook after, or null if gone. */
  abstract update(scope: WebhookScope, id: number, changes: WebhookChanges): Promise<Webhook | null>;
  abstract delete(scope: WebhookScope, id: number): Promise<boolean>;
  /**
   * The active hooks that may hear an event of repository `repoId` (null when
   * the event is about no repository) owned by `ownerId`: the repository's,
   * its owner's and the system hooks.
   */
  abstract activeFor(repoId: number | null, ownerId: number): Promise<Webhook[]>;
  /** Any hook by id, whatever its scope (for the delivery worker). */
  abstract findById(id: number): Promise<Webhook | null>;
}
