import { Controller, Get, HttpCode, Param, Patch, Put, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireToken, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { IdParam } from '../../http/id-param.pipe';
import { Paging, PageRequest } from '../../http/pagination';
import { listFilter, markFilter, NotificationQuery, targetStatus } from './notification-query';
import { ApiNotificationListQuery, ApiNotificationMarkQuery } from './notification-query.docs';
import { ApiNotificationCount, ApiNotificationThread } from './dto/notification.dto';
import { NotificationThreads } from './notification-threads.service';

/** The signed-in user's notification threads: `/notifications…`. Forgejo answers status changes with 205. */
@ApiTags('notification')
@ScopeGroup('notification')
@RequireToken()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly threads: NotificationThreads) {}

  @Get()
  @ApiNotificationListQuery()
  @ApiOkResponse({ type: [ApiNotificationThread] })
  notifyGetList(
    @Query() query: NotificationQuery,
    @Paging() paging: PageRequest,
    @CurrentActor() actor: Actor,
  ): Promise<PageOf<ApiNotificationThread>> {
    return this.threads.list(actor.user, listFilter(query), paging);
  }

  @Put()
  @HttpCode(205)
  @ApiNotificationMarkQuery()
  @ApiResponse({ status: 205, type: [ApiNotificationThread], description: 'the threads changed' })
  notifyReadList(@Query() query: NotificationQuery, @CurrentActor() actor: Actor): Promise<ApiNotificationThread[]> {
    return this.threads.setStatusWhere(actor.user, markFilter(query), targetStatus(query));
  }

  @Get('new')
  @ApiOkResponse({ type: ApiNotificationCount })
  async notifyNewAvailable(@CurrentActor() actor: Actor): Promise<ApiNotificationCount> {
    return { new: await this.threads.countUnread(actor.user) };
  }

  @Get('threads/:id')
  @ApiOkResponse({ type: ApiNotificationThread })
  @ApiNotFoundResponse({ description: 'no such thread of the signed-in user' })
  notifyGetThread(
    @Param('id', new IdParam('notification thread')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<ApiNotificationThread> {
    return this.threads.get(actor.user, id);
  }

  @Patch('threads/:id')
  @HttpCode(205)
  @ApiQuery({ name: 'to-status', required: false, type: 'string', enum: ['unread', 'read', 'pinned'], description: 'default: read' })
  @ApiResponse({ status: 205, type: ApiNotificationThread })
  @ApiNotFoundResponse({ description: 'no such thread of the signed-in user' })
  notifyReadThread(
    @Param('id', new IdParam('notification thread')) id: number,
    @Query() query: NotificationQuery,
    @CurrentActor() actor: Actor,
  ): Promise<ApiNotificationThread> {
    return this.threads.setStatus(actor.user, id, targetStatus(query));
  }
}
