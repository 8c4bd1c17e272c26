import { Controller, Get, NotFoundException, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { UsersService } from '../accounts/users.service';
import { RepositoryListing } from './repository-listing.service';
import { ORDER_BY_VALUES, parseOrderBy } from './repository-order';
import { ApiRepository } from './dto/repository.dto';

/** `GET /user/repos` and `GET /users/{username}/repos`: a user's repositories (tagged `user`, as in Forgejo). */
@ApiTags('user')
@ScopeGroup('repository')
@Controller()
export class UserReposController {
  constructor(
    private readonly listing: RepositoryListing,
    private readonly users: UsersService,
    private readonly membership: OrgMembershipService,
  ) {}

  @Get('user/repos')
  @RequireSignIn()
  @paged()
  @ApiQuery({
    name: 'order_by',
    required: false,
    enum: ORDER_BY_VALUES,
    description: 'size: smallest first; reversesize: largest first (git plus LFS)',
  })
  @ApiOkResponse({ type: [ApiRepository] })
  userCurrentListRepos(
    @CurrentActor() actor: Actor,
    @Query('order_by') orderBy: unknown,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiRepository>> {
    return this.listing.list({ accessibleToUserId: actor.user.id, order: parseOrderBy(orderBy, 'id') }, actor.user, paging);
  }

  @Get('users/:username/repos')
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  @ApiNotFoundResponse({ description: 'no such user, or one the caller may not see' })
  async userListRepos(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiRepository>> {
    const user = await this.users.requireUserByName(username);
    if (!(await this.membership.canSee(user, actor?.user))) throw new NotFoundException(`user "${username}" does not exist`);
    return this.listing.list({ ownerId: user.id, order: 'id' }, actor?.user, paging);
  }
}
