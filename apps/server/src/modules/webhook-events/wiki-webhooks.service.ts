import { Inject, Injectable } from '@nestjs/common';
import { Owner } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { RepoContext } from '../repositories/repository-access.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import { HookWikiAction, WikiPayload } from './payloads/hook-payloads';

/**
 * `wiki` events as Forgejo sends them: a page created, edited (under its new
 * name when renamed) or deleted, with the commit's message. A wiki page is a
 * git commit (no unit of work), so the event is queued right after it.
 */
@Injectable()
export class WikiWebhooks {
  constructor(
    private readonly hooks: WebhookEvents,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  async send(
    action: HookWikiAction,
    place: Pick<RepoContext, 'owner' | 'repo'>,
    page: string,
    comment: string,
    sender: Owner,
  ): Promise<void> {
    const payload: WikiPayload = {
      action,
      // Forgejo renders the repository of a payload with the owner's access.
      repository: toApiRepository(place.repo, place.owner, 'owner', undefined, this.ctx),
      sender: toApiUser(sender, undefined, this.ctx),
      page,
      comment,
    };
    await this.hooks.enqueueNow({ event: 'wiki', repoId: place.repo.id, ownerId: place.owner.id, payload });
  }
}
