import { Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { ApiUser } from '../accounts/dto/user.dto';
import { ApiRepository } from '../repositories/dto/repository.dto';
import { StarsService } from './stars.service';

/** The signed-in user's stars: `/user/starred[/{owner}/{repo}]`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/starred')
export class MyStarsController {
  constructor(private readonly stars: StarsService) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  userCurrentListStarred(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiRepository>> {
    return this.stars.starredBy(actor.user, actor.user, paging);
  }

  @Get(':owner/:repo')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'starred' })
  @ApiNotFoundResponse({ description: 'not starred, or no such repository for the caller' })
  async userCurrentCheckStarring(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.stars.requireStarred(owner, repo, actor);
  }

  @Put(':owner/:repo')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'starred (starring twice changes nothing)' })
  async userCurrentPutStar(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.stars.star(owner, repo, actor);
  }

  @Delete(':owner/:repo')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'not starred any more' })
  async userCurrentDeleteStar(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.stars.unstar(owner, repo, actor);
  }
}

/** Another user's stars: `/users/{username}/starred`. */
@ApiTags('user')
@ScopeGroup('user')
@Controller('users/:username/starred')
export class UserStarsController {
  constructor(private readonly stars: StarsService) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  userListStarred(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiRepository>> {
    return this.stars.starredByUser(username, actor?.user, paging);
  }
}

/** Who starred a repository: `/repos/{owner}/{repo}/stargazers`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/stargazers')
export class StargazersController {
  constructor(private readonly stars: StarsService) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  repoListStargazers(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    return this.stars.stargazers(owner, repo, actor, paging);
  }
}
