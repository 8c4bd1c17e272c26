import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { ApiUser } from '../accounts/dto/user.dto';
import { ApiRepository } from '../repositories/dto/repository.dto';
import { ApiWatchInfo } from './watch-info.dto';
import { WatchesService } from './watches.service';

/** The caller's watch on a repository, and its watchers: `/repos/{owner}/{repo}/subscription|subscribers`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo')
export class RepoWatchesController {
  constructor(private readonly watches: WatchesService) {}

  @Get('subscription')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiWatchInfo, description: 'watching' })
  @ApiNotFoundResponse({ description: 'not watching, or no such repository for the caller' })
  userCurrentCheckSubscription(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiWatchInfo> {
    return this.watches.watchOf(owner, repo, actor);
  }

  @Put('subscription')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiWatchInfo, description: 'watching (watching twice changes nothing)' })
  userCurrentPutSubscription(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiWatchInfo> {
    return this.watches.watch(owner, repo, actor);
  }

  @Delete('subscription')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'not watching any more' })
  async userCurrentDeleteSubscription(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.watches.unwatch(owner, repo, actor);
  }

  @Get('subscribers')
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  repoListSubscribers(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    return this.watches.watchers(owner, repo, actor, paging);
  }
}

/** The repositories the signed-in user watches: `/user/subscriptions`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/subscriptions')
export class MyWatchesController {
  constructor(private readonly watches: WatchesService) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  userCurrentListSubscriptions(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiRepository>> {
    return this.watches.watchedBy(actor.user, actor.user, paging);
  }
}

/** The repositories another user watches: `/users/{username}/subscriptions`. */
@ApiTags('user')
@ScopeGroup('user')
@Controller('users/:username/subscriptions')
export class UserWatchesController {
  constructor(private readonly watches: WatchesService) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  userListSubscriptions(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiRepository>> {
    return this.watches.watchedByUser(username, actor?.user, paging);
  }
}
