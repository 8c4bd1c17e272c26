import { Controller, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { ApiBlockedUser } from './dto/blocked-user.dto';
import { UserBlocksService } from './user-blocks.service';

/** The signed-in user's blocks: `/user/list_blocked`, `/user/block/{username}`, `/user/unblock/{username}`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user')
export class MyBlocksController {
  constructor(private readonly blocks: UserBlocksService) {}

  @Get('list_blocked')
  @paged()
  @ApiOkResponse({ type: [ApiBlockedUser] })
  userListBlockedUsers(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiBlockedUser>> {
    return this.blocks.list(actor.user, paging);
  }

  @Put('block/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'blocked (twice changes nothing)' })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiUnprocessableEntityResponse({ description: 'oneself or an organization' })
  async userBlockUser(@Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.blocks.block(actor.user, username, actor.user);
  }

  @Put('unblock/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'not blocked any more' })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiUnprocessableEntityResponse({ description: 'oneself or an organization' })
  async userUnblockUser(@Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.blocks.unblock(actor.user, username, actor.user);
  }
}

/** An organization's blocks, for its owners and site admins: `/orgs/{org}/list_blocked`, `/orgs/{org}/block|unblock/{username}`. */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn()
@Controller('orgs/:org')
export class OrgBlocksController {
  constructor(
    private readonly blocks: UserBlocksService,
    private readonly membership: OrgMembershipService,
  ) {}

  @Get('list_blocked')
  @paged()
  @ApiOkResponse({ type: [ApiBlockedUser] })
  async orgListBlockedUsers(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiBlockedUser>> {
    return this.blocks.list(await this.membership.findManageableOrg(org, actor.user), paging);
  }

  @Put('block/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'blocked (twice changes nothing)' })
  @ApiNotFoundResponse({ description: 'no such organization or user' })
  @ApiUnprocessableEntityResponse({ description: 'a member of the organization, oneself, or an organization' })
  async orgBlockUser(@Param('org') org: string, @Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.blocks.block(await this.membership.findManageableOrg(org, actor.user), username, actor.user);
  }

  @Put('unblock/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'not blocked any more' })
  @ApiNotFoundResponse({ description: 'no such organization or user' })
  async orgUnblockUser(@Param('org') org: string, @Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.blocks.unblock(await this.membership.findManageableOrg(org, actor.user), username, actor.user);
  }
}
