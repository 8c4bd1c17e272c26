import { Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Put, UnprocessableEntityException } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiMethodNotAllowedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiTeam, toApiTeam } from '../accounts/dto/team.dto';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { assertOwnedByOrg, TeamRepositoriesService } from './team-repositories.service';

/**
 * `/repos/{owner}/{repo}/teams…`: the teams of the owning organization that
 * reach a repository. Anyone who may read the repository may list them;
 * owners of the organization (and site admins) add and remove teams. A
 * repository owned by a user has no teams (405, as in Forgejo).
 */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/teams')
export class RepoTeamsController {
  constructor(
    private readonly teamRepositories: TeamRepositoriesService,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ApiTeam] })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  @ApiMethodNotAllowedResponse({ description: 'the repository is not owned by an organization' })
  async repoListTeams(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<ApiTeam[]> {
    const ctx = await this.orgRepository(owner, repo, actor);
    const teams = await this.teamRepositories.teamsReaching(ctx.owner, ctx.repo);
    return teams.map((team) => toApiTeam(team, ctx.owner, this.shapes));
  }

  @Get(':team')
  @ApiOkResponse({ type: ApiTeam })
  @ApiNotFoundResponse({ description: 'no such repository or team, or the team does not reach the repository' })
  @ApiMethodNotAllowedResponse({ description: 'the repository is not owned by an organization' })
  async repoCheckTeam(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('team') teamName: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiTeam> {
    const ctx = await this.orgRepository(owner, repo, actor);
    const team = await this.teamRepositories.teamOfOrg(ctx.owner, teamName);
    if (!(await this.teamRepositories.reaches(team, ctx.repo)))
      throw new NotFoundException(`team "${team.name}" has no access to ${ctx.owner.name}/${ctx.repo.name}`);
    return toApiTeam(team, ctx.owner, this.shapes);
  }

  @Put(':team')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the team reaches the repository' })
  @ApiForbiddenResponse({ description: 'not an owner of the organization' })
  @ApiNotFoundResponse({ description: 'no such repository or team' })
  @ApiMethodNotAllowedResponse({ description: 'the repository is not owned by an organization' })
  @ApiUnprocessableEntityResponse({ description: 'the team reaches the repository already' })
  async repoAddTeam(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('team') teamName: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const ctx = await this.orgRepository(owner, repo, actor);
    await this.teamRepositories.assertMayChangeTeams(ctx.owner, actor);
    const team = await this.teamRepositories.teamOfOrg(ctx.owner, teamName);
    if (await this.teamRepositories.reaches(team, ctx.repo)) {
      throw new UnprocessableEntityException(`team "${team.name}" is already added to ${ctx.owner.name}/${ctx.repo.name}`);
    }
    await this.teamRepositories.add(team, ctx.repo);
  }

  @Delete(':team')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the team no longer reaches the repository' })
  @ApiForbiddenResponse({ description: 'not an owner of the organization' })
  @ApiNotFoundResponse({ description: 'no such repository or team' })
  @ApiMethodNotAllowedResponse({ description: 'the repository is not owned by an organization' })
  @ApiUnprocessableEntityResponse({ description: 'the team was not added to the repository, or includes all repositories' })
  async repoDeleteTeam(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('team') teamName: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const ctx = await this.orgRepository(owner, repo, actor);
    await this.teamRepositories.assertMayChangeTeams(ctx.owner, actor);
    const team = await this.teamRepositories.teamOfOrg(ctx.owner, teamName);
    if (team.includesAllRepositories || team.permission === 'owner') {
      throw new UnprocessableEntityException(`team "${team.name}" includes all repositories of "${ctx.owner.name}"`);
    }
    if (!(await this.teamRepositories.reaches(team, ctx.repo))) {
      throw new UnprocessableEntityException(`team "${team.name}" was not added to ${ctx.owner.name}/${ctx.repo.name}`);
    }
    await this.teamRepositories.remove(team, ctx.repo);
  }

  private async orgRepository(owner: string, repo: string, actor: Actor): Promise<RepoContext> {
    const ctx = await this.access.resolve(owner, repo, actor);
    assertOwnedByOrg(ctx.owner);
    return ctx;
  }
}
