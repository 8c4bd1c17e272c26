import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Put } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { ApiRepository } from '../repositories/dto/repository.dto';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { RepositoryListing } from '../repositories/repository-listing.service';
import { RepositoryShaping } from '../repositories/repository-shaping.service';
import { TeamRepositoriesService } from './team-repositories.service';

const TEAM_ID = new IdParam('team');

/**
 * `/teams/{id}/repos…`: the repositories a team reaches. Members of the
 * organization (and site admins) read; its owners add and remove. Repositories
 * the caller may not read are left out of the list and answer 404.
 */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn()
@Controller('teams/:id/repos')
export class TeamReposController {
  constructor(
    private readonly teamRepositories: TeamRepositoriesService,
    private readonly access: RepositoryAccess,
    private readonly listing: RepositoryListing,
    private readonly shaping: RepositoryShaping,
  ) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiRepository] })
  @ApiNotFoundResponse({ description: 'no such team' })
  async orgListTeamRepos(
    @Param('id', TEAM_ID) id: number,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiRepository>> {
    const { team } = await this.teamRepositories.readableTeam(id, actor);
    return this.listing.list({ reachedByTeamId: team.id, order: 'alphabetically' }, actor.user, paging);
  }

  @Get(':org/:repo')
  @ApiOkResponse({ type: ApiRepository })
  @ApiNotFoundResponse({ description: 'no such team or repository, or the team does not reach it' })
  async orgListTeamRepo(
    @Param('id', TEAM_ID) id: number,
    @Param('org') ownerName: string,
    @Param('repo') repoName: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRepository> {
    const { team } = await this.teamRepositories.readableTeam(id, actor);
    const ctx = await this.access.resolve(ownerName, repoName, actor);
    if (ctx.repo.ownerId !== team.orgId || !(await this.teamRepositories.reaches(team, ctx.repo))) {
      throw new NotFoundException(`team "${team.name}" has no access to ${ctx.owner.name}/${ctx.repo.name}`);
    }
    return this.shaping.withParent(ctx, actor.user);
  }

  @Put(':org/:repo')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the team reaches the repository' })
  @ApiForbiddenResponse({ description: 'not an owner of the organization' })
  @ApiNotFoundResponse({ description: 'no such team or repository' })
  @ApiUnprocessableEntityResponse({ description: "the repository is not one of the team's organization" })
  async orgAddTeamRepository(
    @Param('id', TEAM_ID) id: number,
    @Param('org') ownerName: string,
    @Param('repo') repoName: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const { team } = await this.teamRepositories.manageableTeam(id, actor);
    const ctx = await this.access.resolve(ownerName, repoName, actor);
    this.access.requireAdmin(ctx);
    await this.teamRepositories.add(team, ctx.repo);
  }

  @Delete(':org/:repo')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the team no longer reaches the repository (unless it includes all repositories)' })
  @ApiForbiddenResponse({ description: 'not an owner of the organization' })
  @ApiNotFoundResponse({ description: 'no such team or repository' })
  @ApiUnprocessableEntityResponse({ description: "the repository is not one of the team's organization" })
  async orgRemoveTeamRepository(
    @Param('id', TEAM_ID) id: number,
    @Param('org') ownerName: string,
    @Param('repo') repoName: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const { team } = await this.teamRepositories.manageableTeam(id, actor);
    const ctx = await this.access.resolve(ownerName, repoName, actor);
    this.access.requireAdmin(ctx);
    await this.teamRepositories.remove(team, ctx.repo);
  }
}
