import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Database, NotificationEntity, NotificationFilter, NotificationStatus, OwnerEntity } from '@bellows/persistence-typeorm';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiNotificationThread, toApiNotificationThread } from './notification-shapes';

/**
 * A user's notification threads: listing, reading one, and changing their
 * status. A thread is only ever shown to its user, and only while they may
 * still read its repository (access can be lost after the notification).
 */
@Injectable()
export class NotificationThreads {
  constructor(
    private readonly db: Database,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async list(user: OwnerEntity, filter: NotificationFilter, paging: PageRequest): Promise<PageOf<ApiNotificationThread>> {
    const [threads, total] = await this.db.notifications.list(user.id, filter, paging.offset, paging.limit);
    return new PageOf(await this.shapeReadable(user, threads), total, paging);
  }

  async countUnread(user: OwnerEntity): Promise<number> {
    return this.db.notifications.countUnread(user.id);
  }

  async get(user: OwnerEntity, rawId: string): Promise<ApiNotificationThread> {
    const thread = await this.findOwn(user, rawId);
    const [shaped] = await this.shapeReadable(user, [thread]);
    if (!shaped) throw notFound(rawId);
    return shaped;
  }

  async setStatus(user: OwnerEntity, rawId: string, status: NotificationStatus): Promise<ApiNotificationThread> {
    const thread = await this.findOwn(user, rawId);
    const [shaped] = await this.shapeReadable(user, [thread]);
    if (!shaped) throw notFound(rawId);
    await this.db.notifications.setStatus(thread.id, status);
    return { ...shaped, unread: status === 'unread', pinned: status === 'pinned' };
  }

  /** Changes every matching thread; answers with the threads changed. */
  async setStatusWhere(user: OwnerEntity, filter: NotificationFilter, status: NotificationStatus): Promise<ApiNotificationThread[]> {
    const changed = await this.db.notifications.setStatusWhere(user.id, filter, status);
    return this.shapeReadable(user, changed);
  }

  private async findOwn(user: OwnerEntity, rawId: string): Promise<NotificationEntity> {
    const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : NaN;
    const thread = Number.isSafeInteger(id) ? await this.db.notifications.findById(id) : null;
    // Another user's thread is reported missing, not forbidden: its existence is private.
    if (!thread || thread.userId !== user.id) throw notFound(rawId);
    return thread;
  }

  /** The threads as the user sees them, leaving out those in repositories they can no longer read. */
  private async shapeReadable(user: OwnerEntity, threads: NotificationEntity[]): Promise<ApiNotificationThread[]> {
    const shaped: ApiNotificationThread[] = [];
    for (const thread of threads) {
      const repo = thread.repository!;
      const permission = await this.access.permissionOf(repo.owner!, repo, user);
      if (permission !== 'none') shaped.push(toApiNotificationThread(thread, user, permission, this.shapes));
    }
    return shaped;
  }
}

function notFound(id: string): NotFoundException {
  return new NotFoundException(`notification thread ${id} does not exist`);
}
