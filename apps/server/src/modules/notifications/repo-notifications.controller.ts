import { Controller, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireToken, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { listFilter, markFilter, NotificationQuery, targetStatus } from './notification-query';
import { ApiNotificationListQuery, ApiNotificationMarkQuery } from './notification-query.docs';
import { ApiNotificationThread } from './dto/notification.dto';
import { NotificationThreads } from './notification-threads.service';

/** The signed-in user's threads in one repository: `/repos/{owner}/{repo}/notifications`. */
@ApiTags('notification')
@ScopeGroup('notification')
@RequireToken()
@Controller('repos/:owner/:repo/notifications')
export class RepoNotificationsController {
  constructor(
    private readonly threads: NotificationThreads,
    private readonly access: RepositoryAccess,
  ) {}

  @Get()
  @ApiNotificationListQuery()
  @ApiOkResponse({ type: [ApiNotificationThread] })
  async notifyGetRepoList(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query() query: NotificationQuery,
    @Paging() paging: PageRequest,
    @CurrentActor() actor: Actor,
  ): Promise<PageOf<ApiNotificationThread>> {
    const filter = listFilter(query);
    const target = await this.access.resolve(owner, repo, actor);
    return this.threads.list(actor.user, { ...filter, repoId: target.repo.id }, paging);
  }

  @Put()
  @HttpCode(205)
  @ApiNotificationMarkQuery()
  @ApiResponse({ status: 205, type: [ApiNotificationThread], description: 'the threads changed' })
  async notifyReadRepoList(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query() query: NotificationQuery,
    @CurrentActor() actor: Actor,
  ): Promise<ApiNotificationThread[]> {
    const filter = markFilter(query);
    const status = targetStatus(query);
    const target = await this.access.resolve(owner, repo, actor);
    return this.threads.setStatusWhere(actor.user, { ...filter, repoId: target.repo.id }, status);
  }
}
