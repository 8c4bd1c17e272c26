import { Inject, Injectable } from '@nestjs/common';
import { Owner, TransactionStores } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiRelease } from '../releases/dto/release.dto';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { RepoContext } from '../repositories/repository-access.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import { HookReleaseAction, ReleasePayload } from './payloads/hook-payloads';

/**
 * `release` events as Forgejo sends them: `published` when a release is
 * created published or a draft is published, `updated` when a published
 * release is edited, `deleted` when one is deleted. Drafts being written send
 * nothing. The release is the API's JSON of it (ReleasesService shapes it).
 */
@Injectable()
export class ReleaseWebhooks {
  constructor(
    private readonly hooks: WebhookEvents,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  /** Queues the event in `tx` when the change runs in one, else in a transaction of its own. */
  async send(
    action: HookReleaseAction,
    place: Pick<RepoContext, 'owner' | 'repo'>,
    release: ApiRelease,
    sender: Owner,
    tx?: TransactionStores,
  ) {
    const payload: ReleasePayload = {
      action,
      release,
      // Forgejo renders the repository of a payload with the owner's access.
      repository: toApiRepository(place.repo, place.owner, 'owner', undefined, this.ctx),
      sender: toApiUser(sender, undefined, this.ctx),
    };
    const input = { event: 'release' as const, repoId: place.repo.id, ownerId: place.owner.id, payload };
    await (tx ? this.hooks.enqueue(tx, input) : this.hooks.enqueueNow(input));
  }
}
