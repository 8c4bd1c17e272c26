import { Controller, Get, Inject, NotFoundException, Param, Query, Req, Res, UnprocessableEntityException } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest, setPaginationHeaders } from '../../http/pagination';
import { ApiOrganization, toApiOrganization } from '../accounts/dto/organization.dto';
import { ApiTeam, toApiTeam } from '../accounts/dto/team.dto';
import { ShapeContext } from '../accounts/dto/user.dto';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { UsersService } from '../accounts/users.service';
import { OrgLookupsService, OrgPermissions } from './org-lookups.service';

/** Forgejo's `OrganizationPermissions`. */
export class ApiOrganizationPermissions implements OrgPermissions {
  @ApiProperty() can_create_repository!: boolean;
  @ApiProperty() can_read!: boolean;
  @ApiProperty() can_write!: boolean;
  @ApiProperty() is_admin!: boolean;
  @ApiProperty() is_owner!: boolean;
}

/** The answer of `teamSearch`: Forgejo wraps the list in `{ok, data}`. */
export class ApiTeamSearchResults {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: [ApiTeam] }) data!: ApiTeam[];
}

/** Lookups in one organization: team search and a user's permissions there. */
@ApiTags('organization')
@ScopeGroup('organization')
@Controller()
export class OrgLookupsController {
  constructor(
    private readonly lookups: OrgLookupsService,
    private readonly membership: OrgMembershipService,
    private readonly users: UsersService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  /** As in Forgejo, callers who are not site admins find only teams they are members of. */
  @Get('orgs/:org/teams/search')
  @RequireSignIn()
  @ApiQuery({ name: 'q', required: false, description: 'keyword in the name (and, unless include_desc=false, the description)' })
  @ApiQuery({ name: 'include_desc', required: false, type: 'boolean' })
  @paged()
  @ApiOkResponse({ type: ApiTeamSearchResults })
  @ApiNotFoundResponse({ description: 'no such organization, or one the caller may not see' })
  @ApiForbiddenResponse({ description: 'not a member of the organization' })
  async teamSearch(
    @Param('org') name: string,
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiTeamSearchResults> {
    const org = await this.membership.findVisibleOrg(name, actor.user);
    await this.membership.assertMayReadTeams(org, actor.user);
    const keyword = typeof query.q === 'string' ? query.q.trim() : '';
    const includeDescription = optionalBoolean(query.include_desc, 'include_desc') ?? true;
    const memberId = actor.user.isAdmin ? undefined : actor.user.id;
    const page = await this.lookups.searchTeams(org, { keyword, includeDescription, memberId }, paging);
    // The {ok, data} wrapper is no bare list, so the paging headers are set here.
    setPaginationHeaders(request, reply, paging, page.total, this.shapes.rootUrl);
    return { ok: true, data: page.items.map((team) => toApiTeam(team, org, this.shapes)) };
  }

  @Get('users/:username/orgs/:org/permissions')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiOrganizationPermissions })
  @ApiNotFoundResponse({ description: 'no such user or organization, or one the caller may not see' })
  async orgGetUserPermissions(
    @Param('username') username: string,
    @Param('org') orgName: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiOrganizationPermissions> {
    const user = await this.users.requireUserByName(username);
    if (!(await this.membership.canSee(user, actor.user))) throw new NotFoundException(`user "${username}" does not exist`);
    const org = await this.membership.findVisibleOrg(orgName, actor.user);
    return this.lookups.permissionsIn(org, user);
  }
}

/** `GET /user/teams`: the caller's teams in every organization (Forgejo files it under `user`). */
@ApiTags('user')
@ScopeGroup('user')
@Controller()
export class UserTeamsController {
  constructor(
    private readonly lookups: OrgLookupsService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get('user/teams')
  @RequireSignIn()
  @paged()
  @ApiOkResponse({ type: [ApiTeam] })
  async userListTeams(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiTeam>> {
    const page = await this.lookups.teamsOfUser(actor.user, paging);
    return page.map(({ team, org }) => toApiTeam(team, org, this.shapes));
  }
}

/** `GET /admin/orgs`: every organization, for site admins. */
@ApiTags('admin')
@ScopeGroup('admin')
@Controller()
export class AdminOrgsController {
  constructor(
    private readonly lookups: OrgLookupsService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get('admin/orgs')
  @RequireSiteAdmin()
  @paged()
  @ApiOkResponse({ type: [ApiOrganization] })
  async adminGetAllOrgs(@Paging() paging: PageRequest): Promise<PageOf<ApiOrganization>> {
    const page = await this.lookups.allOrganizations(paging);
    return page.map((org) => toApiOrganization(org, this.shapes));
  }
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UnprocessableEntityException(`${name} must be true or false`);
}
