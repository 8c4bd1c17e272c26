import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Patch, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Owner } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiTeam, EditTeamOption, toApiTeam } from './dto/team.dto';
import { ApiUser, ShapeContext, toApiUser } from './dto/user.dto';
import { OrgMembershipService } from './org-membership.service';
import { paged } from './orgs.controller';
import { SHAPE_CONTEXT } from './shape-context.provider';
import { TeamsService } from './teams.service';
import { UsersService } from './users.service';

/** A team id from the path; one that names no team is a 404. */
const TEAM_ID = new IdParam('team');

/**
 * `/teams/{id}…`. Members of the team's organization (and site admins) may
 * read; its owners may change. A team of an organization the caller may not
 * see answers 404.
 */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn()
@Controller('teams/:id')
export class TeamsController {
  constructor(
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly membership: OrgMembershipService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get()
  @ApiOkResponse({ type: ApiTeam })
  @ApiNotFoundResponse({ description: 'no such team' })
  async orgGetTeam(@Param('id', TEAM_ID) id: number, @CurrentActor() actor: Actor): Promise<ApiTeam> {
    const { team, org } = await this.readableTeam(id, actor);
    return toApiTeam(team, org, this.shapes);
  }

  @Patch()
  @ApiOkResponse({ type: ApiTeam })
  @ApiNotFoundResponse({ description: 'no such team' })
  @ApiUnprocessableEntityResponse({ description: 'invalid or taken name, unknown unit' })
  async orgEditTeam(@Param('id', TEAM_ID) id: number, @Body() body: EditTeamOption, @CurrentActor() actor: Actor): Promise<ApiTeam> {
    const { team, org } = await this.manageableTeam(id, actor);
    return toApiTeam(await this.teams.edit(team, body), org, this.shapes);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'team deleted' })
  @ApiNotFoundResponse({ description: 'no such team' })
  @ApiUnprocessableEntityResponse({ description: 'the Owners team cannot be deleted' })
  async orgDeleteTeam(@Param('id', TEAM_ID) id: number, @CurrentActor() actor: Actor): Promise<void> {
    const { team } = await this.manageableTeam(id, actor);
    await this.teams.delete(team);
  }

  @Get('members')
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  @ApiNotFoundResponse({ description: 'no such team' })
  async orgListTeamMembers(
    @Param('id', TEAM_ID) id: number,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    const { team } = await this.readableTeam(id, actor);
    return (await this.teams.listMembers(team, paging)).map((user) => toApiUser(user, actor.user, this.shapes));
  }

  @Get('members/:username')
  @ApiOkResponse({ type: ApiUser })
  @ApiNotFoundResponse({ description: 'no such team, or the user is not a member' })
  async orgListTeamMember(
    @Param('id', TEAM_ID) id: number,
    @Param('username') username: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiUser> {
    const { team } = await this.readableTeam(id, actor);
    const user = await this.users.findUserByName(username);
    if (!user || !(await this.teams.isMember(team, user)))
      throw new NotFoundException(`"${username}" is not a member of team "${team.name}"`);
    return toApiUser(user, actor.user, this.shapes);
  }

  @Put('members/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the user is a member' })
  @ApiNotFoundResponse({ description: 'no such team or user' })
  async orgAddTeamMember(
    @Param('id', TEAM_ID) id: number,
    @Param('username') username: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const { team } = await this.manageableTeam(id, actor);
    await this.teams.addMember(team, await this.users.requireStoredUserByName(username));
  }

  @Delete('members/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the user is no longer a member' })
  @ApiNotFoundResponse({ description: 'no such team, user or membership' })
  @ApiUnprocessableEntityResponse({ description: 'the last member of the Owners team' })
  async orgRemoveTeamMember(
    @Param('id', TEAM_ID) id: number,
    @Param('username') username: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const { team } = await this.manageableTeam(id, actor);
    await this.teams.removeMember(team, await this.users.requireStoredUserByName(username));
  }

  private async readableTeam(id: number, actor: Actor) {
    const found = await this.teams.findById(id);
    await this.hideUnlessVisible(found.org, actor, id);
    await this.membership.assertMayReadTeams(found.org, actor.user);
    return found;
  }

  private async manageableTeam(id: number, actor: Actor) {
    const found = await this.teams.findById(id);
    await this.hideUnlessVisible(found.org, actor, id);
    await this.membership.assertMayManage(found.org, actor.user);
    return found;
  }

  /** A team of an organization the caller may not see does not exist for them. */
  private async hideUnlessVisible(org: Owner, actor: Actor, id: number): Promise<void> {
    if (!(await this.membership.canSee(org, actor.user))) throw new NotFoundException(`team ${id} does not exist`);
  }
}
