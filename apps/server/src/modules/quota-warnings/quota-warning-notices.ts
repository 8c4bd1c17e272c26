import { Inject, Injectable } from '@nestjs/common';
import { Owner, QuotaEvent, TransactionStores } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { SYSTEM_USERS } from '../accounts/system-users';
import { WebhookEvents } from '../webhooks/webhook-events';
import { crossingAction, crossingFields, QuotaCrossingFields } from './quota-warning-shapes';

/** The body of a `quota` webhook delivery (X-Forgejo-Event: quota). */
export interface QuotaHookPayload extends QuotaCrossingFields {
  action: 'crossed_up' | 'crossed_down';
  event_id: number;
  owner: object;
  sender: object;
}

/**
 * What a recorded quota event sends, inside the worker's transaction: a
 * `quota` webhook event to the owner's hooks and the site's (never a
 * repository's: the event is about no repository), and, for an upward
 * crossing, a notification to the owner (a user) or the organization's owners.
 */
@Injectable()
export class QuotaWarningNotices {
  constructor(
    private readonly hooks: WebhookEvents,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  async publish(tx: TransactionStores, event: QuotaEvent): Promise<void> {
    const owner = await tx.owners.findById(event.ownerId);
    if (!owner) return;
    await this.hooks.enqueueRendered(tx, { event: 'quota', repoId: null, ownerId: owner.id }, () =>
      Promise.resolve(this.payload(event, owner)),
    );
    if (event.direction === 'up') await this.notify(tx, event, owner);
  }

  payload(event: QuotaEvent, owner: Owner): QuotaHookPayload {
    return {
      action: crossingAction(event.direction),
      event_id: event.id,
      owner: toApiUser(owner, undefined, this.ctx),
      ...crossingFields(event),
      // Nobody acted: the site noticed. Forgejo's payloads always carry a sender.
      sender: toApiUser(SYSTEM_USERS[0], undefined, this.ctx),
    };
  }

  /** The users told: the owner itself, or the members of the organization's Owners team. */
  private async recipients(tx: TransactionStores, owner: Owner): Promise<number[]> {
    if (owner.kind !== 'organization') return [owner.id];
    const team = await tx.teams.findOwnersTeam(owner.id);
    if (!team) return [];
    const [members] = await tx.teamMembers.listTeamMembers(team.id, 0, 10_000);
    return members.map((member) => member.id);
  }

  private async notify(tx: TransactionStores, event: QuotaEvent, owner: Owner): Promise<void> {
    await tx.notifications.notifyQuota(await this.recipients(tx, owner), event.id, event.createdAt);
  }
}
