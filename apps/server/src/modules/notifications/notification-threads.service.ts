import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  NotificationFilter,
  NotificationStatus,
  NotificationStore,
  NotificationThread,
  Owner,
  OwnerStore,
  QuotaWarningStore,
  RepositoryStore,
} from '@bellows/domain';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiNotificationThread, toApiNotificationThread, toApiQuotaNotificationThread } from './dto/notification.dto';

/**
 * A user's notification threads: listing, reading one, and changing their
 * status. A thread is only ever shown to its user, and only while they may
 * still read its repository (access can be lost after the notification).
 */
@Injectable()
export class NotificationThreads {
  constructor(
    private readonly notifications: NotificationStore,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
    private readonly quotaEvents: QuotaWarningStore,
  ) {}

  async list(user: Owner, filter: NotificationFilter, paging: PageRequest): Promise<PageOf<ApiNotificationThread>> {
    const [threads, total] = await this.notifications.list(user.id, filter, paging.offset, paging.limit);
    return new PageOf(await this.shapeReadable(user, threads), total, paging);
  }

  async countUnread(user: Owner): Promise<number> {
    return this.notifications.countUnread(user.id);
  }

  async get(user: Owner, id: number): Promise<ApiNotificationThread> {
    const thread = await this.findOwn(user, id);
    const [shaped] = await this.shapeReadable(user, [thread]);
    if (!shaped) throw notFound(id);
    return shaped;
  }

  async setStatus(user: Owner, id: number, status: NotificationStatus): Promise<ApiNotificationThread> {
    const thread = await this.findOwn(user, id);
    const [shaped] = await this.shapeReadable(user, [thread]);
    if (!shaped) throw notFound(id);
    await this.notifications.setStatus(thread.id, status);
    return { ...shaped, unread: status === 'unread', pinned: status === 'pinned' };
  }

  /** Changes every matching thread; answers with the threads changed. */
  async setStatusWhere(user: Owner, filter: NotificationFilter, status: NotificationStatus): Promise<ApiNotificationThread[]> {
    const changed = await this.notifications.setStatusWhere(user.id, filter, status);
    return this.shapeReadable(user, changed);
  }

  private async findOwn(user: Owner, id: number): Promise<NotificationThread> {
    const thread = await this.notifications.findById(id);
    // Another user's thread is reported missing, not forbidden: its existence is private.
    if (!thread || thread.userId !== user.id) throw notFound(id);
    return thread;
  }

  /** The threads as the user sees them, leaving out those in repositories they can no longer read. */
  private async shapeReadable(user: Owner, threads: NotificationThread[]): Promise<ApiNotificationThread[]> {
    const shaped: ApiNotificationThread[] = [];
    for (const thread of threads) {
      if (thread.source === 'quota') {
        const quota = await this.quotaThread(thread);
        if (quota) shaped.push(quota);
        continue;
      }
      if (thread.repoId === null) continue;
      const repo = await this.repositories.findById(thread.repoId);
      const owner = repo && (await this.owners.findById(repo.ownerId));
      if (!thread.issue || !repo || !owner) continue;
      const permission = await this.access.permissionOf(owner, repo, user);
      if (permission !== 'none')
        shaped.push(toApiNotificationThread(thread, { issue: thread.issue, repo, owner }, user, permission, this.shapes));
    }
    return shaped;
  }

  /** A quota thread with its event; null when the event is gone (its organization was deleted). */
  private async quotaThread(thread: NotificationThread): Promise<ApiNotificationThread | null> {
    const event = thread.quotaEventId === null ? null : await this.quotaEvents.findEvent(thread.quotaEventId);
    const owner = event && (await this.owners.findById(event.ownerId));
    return event && owner ? toApiQuotaNotificationThread(thread, event, owner, this.shapes) : null;
  }
}

function notFound(id: number): NotFoundException {
  return new NotFoundException(`notification thread ${id} does not exist`);
}
