import { Body, Controller, Get, HttpCode, Param, Post, UnprocessableEntityException } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Owner, OwnerStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { ApiRepository } from './dto/repository.dto';
import { CreateForkOption } from './dto/fork.dto';
import { RepositoryAccess } from './repository-access.service';
import { RepositoryCreation } from './repository-creation.service';
import { RepositoryListing } from './repository-listing.service';

/** `/repos/{owner}/{repo}/forks`: forking a repository and listing its forks. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/forks')
export class ForksController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly creation: RepositoryCreation,
    private readonly listing: RepositoryListing,
    private readonly owners: OwnerStore,
    private readonly membership: OrgMembershipService,
  ) {}

  @Post()
  @RequireSignIn()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ApiRepository, description: 'the fork, with its parent' })
  @ApiForbiddenResponse({ description: 'the caller may not create repositories in that organization' })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  @ApiConflictResponse({ description: 'the name is taken, or the new owner already has a fork of it' })
  @ApiUnprocessableEntityResponse({ description: 'no such organization, or an invalid name' })
  async createFork(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateForkOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRepository> {
    const parent = await this.access.resolve(owner, repo, actor);
    const forker = body.organization === undefined ? actor.user : await this.organization(body.organization, actor.user);
    return this.creation.fork(parent, forker, body.name, actor.user);
  }

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  async listForks(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiRepository>> {
    return this.listing.forksOf(await this.access.resolve(owner, repo, actor), actor?.user, paging);
  }

  /** The organization named in `organization`: 422 when there is none the caller may see, as Forgejo answers. */
  private async organization(name: string, caller: Owner): Promise<Owner> {
    const org = await this.owners.findByName(name);
    if (!org || org.kind !== 'organization' || !(await this.membership.canSee(org, caller)))
      throw new UnprocessableEntityException(`organization "${name}" does not exist`);
    return org;
  }
}
