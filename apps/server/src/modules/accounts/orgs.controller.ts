import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { PublicMemberStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiOrganization, CreateOrgOption, EditOrgOption, toApiOrganization } from './dto/organization.dto';
import { ApiTeam, CreateTeamOption, toApiTeam } from './dto/team.dto';
import { ApiUser, ShapeContext, toApiUser } from './dto/user.dto';
import { OrgMembershipService } from './org-membership.service';
import { OrganizationsService } from './organizations.service';
import { SHAPE_CONTEXT } from './shape-context.provider';
import { TeamsService } from './teams.service';
import { UsersService } from './users.service';

/** Documents the `page` and `limit` query parameters of a list operation. */
export const paged = () =>
  applyDecorators(
    ApiQuery({ name: 'page', required: false, type: 'integer' }),
    ApiQuery({ name: 'limit', required: false, type: 'integer' }),
  );

/** Organizations, their members and their teams: `/orgs…`, `/user/orgs`, `/users/{username}/orgs`. */
@ApiTags('organization')
@ScopeGroup('organization')
@Controller()
export class OrgsController {
  constructor(
    private readonly orgs: OrganizationsService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly membership: OrgMembershipService,
    private readonly publicMembers: PublicMemberStore,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get('user/orgs')
  @ScopeGroup('user')
  @RequireSignIn()
  @paged()
  @ApiOkResponse({ type: [ApiOrganization] })
  async orgListCurrentUserOrgs(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiOrganization>> {
    return (await this.orgs.listOfUser(actor.user, actor.user, paging)).map((org) => toApiOrganization(org, this.shapes));
  }

  @Get('users/:username/orgs')
  @ScopeGroup('user')
  @paged()
  @ApiOkResponse({ type: [ApiOrganization] })
  @ApiNotFoundResponse({ description: 'no such user' })
  async orgListUserOrgs(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiOrganization>> {
    const user = await this.users.requireUserByName(username);
    if (!(await this.membership.canSee(user, actor?.user))) throw new NotFoundException(`user "${username}" does not exist`);
    return (await this.orgs.listOfUser(user, actor?.user, paging)).map((org) => toApiOrganization(org, this.shapes));
  }

  @Post('orgs')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiOrganization })
  @ApiUnprocessableEntityResponse({ description: 'invalid, reserved or taken name' })
  async orgCreate(@Body() body: CreateOrgOption, @CurrentActor() actor: Actor): Promise<ApiOrganization> {
    return toApiOrganization(await this.orgs.create(actor.user, body), this.shapes);
  }

  @Get('orgs')
  @paged()
  @ApiOkResponse({ type: [ApiOrganization] })
  async orgGetAll(@CurrentActor() actor: Actor | undefined, @Paging() paging: PageRequest): Promise<PageOf<ApiOrganization>> {
    return (await this.orgs.listVisible(actor?.user, paging)).map((org) => toApiOrganization(org, this.shapes));
  }

  @Get('orgs/:org')
  @ApiOkResponse({ type: ApiOrganization })
  @ApiNotFoundResponse({ description: 'no such organization, or one the caller may not see' })
  async orgGet(@Param('org') name: string, @CurrentActor() actor: Actor | undefined): Promise<ApiOrganization> {
    return toApiOrganization(await this.membership.findVisibleOrg(name, actor?.user), this.shapes);
  }

  @Patch('orgs/:org')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiOrganization })
  @ApiNotFoundResponse({ description: 'no such organization' })
  async orgEdit(@Param('org') name: string, @Body() body: EditOrgOption, @CurrentActor() actor: Actor): Promise<ApiOrganization> {
    const org = await this.membership.findManageableOrg(name, actor.user);
    return toApiOrganization(await this.orgs.edit(org, body), this.shapes);
  }

  @Delete('orgs/:org')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiNotFoundResponse({ description: 'no such organization' })
  async orgDelete(@Param('org') name: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.orgs.delete(await this.membership.findManageableOrg(name, actor.user));
  }

  @Get('orgs/:org/members')
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  @ApiNotFoundResponse({ description: 'no such organization' })
  async orgListMembers(
    @Param('org') name: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    const org = await this.membership.findVisibleOrg(name, actor?.user);
    const publicOnly = !(await this.membership.mayListAllMembers(org, actor?.user));
    const members = await this.orgs.listMembers(org, paging, publicOnly);
    return members.map((user) => toApiUser(user, actor?.user, this.shapes));
  }

  @Get('orgs/:org/members/:username')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the user is a member (a public member, for callers who are no members themselves)' })
  @ApiNotFoundResponse({ description: 'the user is not a member, or no such organization or user' })
  async orgIsMember(
    @Param('org') name: string,
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    const org = await this.membership.findVisibleOrg(name, actor?.user);
    const user = await this.users.findUserByName(username);
    // Forgejo sends those who may not list every member to the public membership (a redirect): answered here directly.
    const member = (await this.membership.mayListAllMembers(org, actor?.user))
      ? user && (await this.membership.isMember(org, user))
      : user && (await this.publicMembers.isPublicMember(org.id, user.id));
    if (!member) throw new NotFoundException(`"${username}" is not a member of "${org.name}"`);
  }

  @Delete('orgs/:org/members/:username')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'the user is no longer a member' })
  @ApiNotFoundResponse({ description: 'no such organization or user' })
  @ApiUnprocessableEntityResponse({ description: 'the user is the last owner' })
  async orgDeleteMember(@Param('org') name: string, @Param('username') username: string, @CurrentActor() actor: Actor): Promise<void> {
    const org = await this.membership.findManageableOrg(name, actor.user);
    await this.orgs.removeMember(org, await this.users.requireStoredUserByName(username));
  }

  @Get('orgs/:org/teams')
  @RequireSignIn()
  @paged()
  @ApiOkResponse({ type: [ApiTeam] })
  @ApiNotFoundResponse({ description: 'no such organization' })
  async orgListTeams(@Param('org') name: string, @CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiTeam>> {
    const org = await this.membership.findVisibleOrg(name, actor.user);
    await this.membership.assertMayReadTeams(org, actor.user);
    return (await this.teams.list(org, paging)).map((team) => toApiTeam(team, org, this.shapes));
  }

  @Post('orgs/:org/teams')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiTeam })
  @ApiNotFoundResponse({ description: 'no such organization' })
  @ApiUnprocessableEntityResponse({ description: 'invalid or taken team name, unknown unit' })
  async orgCreateTeam(@Param('org') name: string, @Body() body: CreateTeamOption, @CurrentActor() actor: Actor): Promise<ApiTeam> {
    const org = await this.membership.findManageableOrg(name, actor.user);
    return toApiTeam(await this.teams.create(org, body), org, this.shapes);
  }
}
