import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiOrganization, CreateOrgOption, toApiOrganization } from './dto/organization.dto';
import { ApiUser, CreateUserOption, EditUserOption, ShapeContext, toApiUser } from './dto/user.dto';
import { OrganizationsService } from './organizations.service';
import { SHAPE_CONTEXT } from './shape-context.provider';
import { UsersService } from './users.service';

/** Site administration of user accounts: `/admin/users…`. */
@ApiTags('admin')
@ScopeGroup('admin')
@RequireSiteAdmin()
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly orgs: OrganizationsService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Post()
  @ApiCreatedResponse({ type: ApiUser })
  @ApiUnprocessableEntityResponse({ description: 'invalid or reserved name, bad e-mail, or the name or e-mail is taken' })
  async adminCreateUser(@Body() body: CreateUserOption, @CurrentActor() actor: Actor): Promise<ApiUser> {
    const user = await this.users.createUser({
      username: body.username,
      email: body.email,
      password: body.password,
      fullName: body.full_name,
      visibility: body.visibility,
    });
    return toApiUser(user, actor.user, this.shapes);
  }

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiUser] })
  async adminSearchUsers(@Paging() paging: PageRequest, @CurrentActor() actor: Actor): Promise<PageOf<ApiUser>> {
    return (await this.users.listAll(paging)).map((user) => toApiUser(user, actor.user, this.shapes));
  }

  @Patch(':username')
  @ApiOkResponse({ type: ApiUser })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiUnprocessableEntityResponse({ description: 'invalid field, e-mail taken, or a system user' })
  async adminEditUser(@Param('username') username: string, @Body() body: EditUserOption, @CurrentActor() actor: Actor): Promise<ApiUser> {
    const user = await this.users.requireUserByName(username);
    return toApiUser(await this.users.editUser(user, body), actor.user, this.shapes);
  }

  @Delete(':username')
  @HttpCode(204)
  @ApiQuery({ name: 'purge', required: false, type: 'boolean', description: 'also remove the user from their organizations' })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiUnprocessableEntityResponse({ description: 'still a member of organizations, their only owner, or a system user' })
  async adminDeleteUser(@Param('username') username: string, @Query('purge') purge: unknown): Promise<void> {
    const user = await this.users.requireUserByName(username);
    await this.users.deleteUser(user, purge === 'true' || purge === '1');
  }

  @Post(':username/orgs')
  @ApiCreatedResponse({ type: ApiOrganization })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiUnprocessableEntityResponse({ description: 'invalid or taken name' })
  async adminCreateOrg(@Param('username') username: string, @Body() body: CreateOrgOption): Promise<ApiOrganization> {
    const user = await this.users.requireStoredUserByName(username);
    return toApiOrganization(await this.orgs.create(user, body), this.shapes);
  }
}
