import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiUser } from '../accounts/dto/user.dto';
import { paged } from '../accounts/orgs.controller';
import { FollowsService } from './follows.service';

/** The signed-in user's follows: `/user/followers`, `/user/following[/{username}]`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user')
export class MyFollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Get('followers')
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  userCurrentListFollowers(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiUser>> {
    return this.follows.followersOf(actor.user, actor.user, paging);
  }

  @Get('following')
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  userCurrentListFollowing(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiUser>> {
    return this.follows.followingOf(actor.user, actor.user, paging);
  }

  @Get('following/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'followed' })
  @ApiNotFoundResponse({ description: 'not followed, or no such user for the caller' })
  async userCurrentCheckFollowing(@Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.follows.requireFollowing(actor.user, username, actor.user);
  }

  @Put('following/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'followed (twice changes nothing)' })
  async userCurrentPutFollow(@Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.follows.follow(actor.user, username);
  }

  @Delete('following/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'not followed any more' })
  async userCurrentDeleteFollow(@Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.follows.unfollow(actor.user, username);
  }
}

/** Another user's follows: `/users/{username}/followers`, `/users/{username}/following[/{target}]`. */
@ApiTags('user')
@ScopeGroup('user')
@Controller('users/:username')
export class UserFollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Get('followers')
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  async userListFollowers(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    return this.follows.followersOf(await this.follows.visibleUser(username, actor?.user), actor?.user, paging);
  }

  @Get('following')
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  async userListFollowing(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    return this.follows.followingOf(await this.follows.visibleUser(username, actor?.user), actor?.user, paging);
  }

  @Get('following/:target')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the user follows the target' })
  @ApiNotFoundResponse({ description: 'not followed, or no such user for the caller' })
  async userCheckFollowing(@Param('username') username: string, @Param('target') target: string, @CurrentActor() actor: Actor | undefined) {
    await this.follows.requireFollowing(await this.follows.visibleUser(username, actor?.user), target, actor?.user);
  }
}
