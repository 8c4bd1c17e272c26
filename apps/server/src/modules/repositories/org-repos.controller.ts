import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { UsersService } from '../accounts/users.service';
import { RepositoryCreation } from './repository-creation.service';
import { RepositoryListing } from './repository-listing.service';
import { ApiRepository, CreateRepoOption } from './dto/repository.dto';

/** `/orgs/{org}/repos`: an organization's repositories. */
@ApiTags('organization')
@ScopeGroup('organization')
@Controller('orgs/:org/repos')
export class OrgReposController {
  constructor(
    private readonly creation: RepositoryCreation,
    private readonly listing: RepositoryListing,
    private readonly membership: OrgMembershipService,
  ) {}

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiRepository })
  @ApiForbiddenResponse({ description: 'neither an owner nor in a team that may create repositories' })
  @ApiNotFoundResponse({ description: 'no such organization, or one the caller may not see' })
  @ApiConflictResponse({ description: 'the name is taken' })
  createOrgRepo(@Param('org') name: string, @Body() body: CreateRepoOption, @CurrentActor() actor: Actor): Promise<ApiRepository> {
    return createInNamedOrg(this.membership, this.creation, name, body, actor);
  }

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  @ApiNotFoundResponse({ description: 'no such organization, or one the caller may not see' })
  async orgListRepos(
    @Param('org') name: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiRepository>> {
    const org = await this.membership.findVisibleOrg(name, actor?.user);
    return this.listing.list({ ownerId: org.id, order: 'id' }, actor?.user, paging);
  }
}

/** `POST /org/{org}/repos`: Forgejo's deprecated spelling of `POST /orgs/{org}/repos`, answered by the same handler. */
@ApiTags('organization')
@ScopeGroup('organization')
@Controller('org/:org/repos')
export class DeprecatedOrgReposController {
  constructor(
    private readonly creation: RepositoryCreation,
    private readonly membership: OrgMembershipService,
  ) {}

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiRepository })
  @ApiForbiddenResponse({ description: 'neither an owner nor in a team that may create repositories' })
  @ApiNotFoundResponse({ description: 'no such organization, or one the caller may not see' })
  @ApiConflictResponse({ description: 'the name is taken' })
  createOrgRepoDeprecated(
    @Param('org') name: string,
    @Body() body: CreateRepoOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRepository> {
    return createInNamedOrg(this.membership, this.creation, name, body, actor);
  }
}

/** Creates a repository in the organization named `name`, which the caller must see (404) and may create in (403). */
async function createInNamedOrg(
  membership: OrgMembershipService,
  creation: RepositoryCreation,
  name: string,
  body: CreateRepoOption,
  actor: Actor,
): Promise<ApiRepository> {
  const org = await membership.findVisibleOrg(name, actor.user);
  return creation.createInOrg(org, body, actor.user);
}

/** `POST /admin/users/{username}/repos`: a site admin creates a repository for a user or organization. */
@ApiTags('admin')
@ScopeGroup('admin')
@Controller('admin/users/:username/repos')
export class AdminReposController {
  constructor(
    private readonly creation: RepositoryCreation,
    private readonly users: UsersService,
  ) {}

  @Post()
  @RequireSiteAdmin()
  @ApiCreatedResponse({ type: ApiRepository })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiConflictResponse({ description: 'the name is taken' })
  async adminCreateRepo(
    @Param('username') username: string,
    @Body() body: CreateRepoOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRepository> {
    const owner = await this.users.requireStoredUserByName(username);
    return this.creation.create(owner, body, actor.user);
  }
}
