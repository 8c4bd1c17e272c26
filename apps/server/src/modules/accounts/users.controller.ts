import { Controller, Get, Inject, NotFoundException, Param, Query, Req, Res, UnprocessableEntityException } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Owner } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { Paging, PageRequest, setPaginationHeaders } from '../../http/pagination';
import { ApiUser, ApiUserSearchResults, ShapeContext, toApiUser } from './dto/user.dto';
import { OrgMembershipService } from './org-membership.service';
import { SHAPE_CONTEXT } from './shape-context.provider';
import { UsersService } from './users.service';

/** `GET /user`, `GET /users/search`, `GET /users/{username}`. */
@ApiTags('user')
@ScopeGroup('user')
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly membership: OrgMembershipService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get('user')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiUser })
  userGetCurrent(@CurrentActor() actor: Actor): ApiUser {
    return toApiUser(actor.user, actor.user, this.shapes);
  }

  @Get('users/search')
  @ApiQuery({ name: 'q', required: false, description: 'keyword in the name or full name' })
  @ApiQuery({ name: 'uid', required: false, type: 'integer', description: 'the id of one user' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiUserSearchResults })
  async userSearch(
    @Query('q') q: unknown,
    @Query('uid') uid: unknown,
    @Paging() paging: PageRequest,
    @CurrentActor() actor: Actor | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiUserSearchResults> {
    const page = await this.users.search({ keyword: typeof q === 'string' ? q : undefined, id: parseUid(uid) }, actor?.user, paging);
    // Forgejo wraps this list in {ok, data}, so the PageOf interceptor (which sends bare arrays) cannot set the headers.
    setPaginationHeaders(request, reply, paging, page.total, this.shapes.rootUrl);
    return { ok: true, data: page.items.map((user) => toApiUser(user, actor?.user, this.shapes)) };
  }

  @Get('users/:username')
  @ApiOkResponse({ type: ApiUser })
  @ApiNotFoundResponse({ description: 'no such user, or one the caller may not see' })
  async userGet(@Param('username') username: string, @CurrentActor() actor: Actor | undefined): Promise<ApiUser> {
    const user = await this.requireVisibleUser(username, actor?.user);
    return toApiUser(user, actor?.user, this.shapes);
  }

  private async requireVisibleUser(name: string, viewer: Owner | undefined): Promise<Owner> {
    const user = await this.users.findUserByName(name);
    if (!user || !(await this.membership.canSee(user, viewer))) throw new NotFoundException(`user "${name}" does not exist`);
    return user;
  }
}

/** `uid` is optional; anything but a whole number (negative for system users) is a 422 naming it. */
function parseUid(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^-?\d{1,10}$/.test(raw)) {
    throw new UnprocessableEntityException('uid must be a whole number');
  }
  return Number(raw);
}
