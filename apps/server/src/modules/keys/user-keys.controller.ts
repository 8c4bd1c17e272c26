import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Owner } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { UsersService } from '../accounts/users.service';
import { ApiPublicKey, CreateKeyOption, toApiPublicKey } from './dto/ssh-key.dto';
import { SshKeysService } from './ssh-keys.service';

const fingerprintQuery = () => ApiQuery({ name: 'fingerprint', required: false, description: 'only the key with this fingerprint' });

/** `/user/keys…` (the caller's SSH keys) and `GET /users/{username}/keys` (anyone's, as Forgejo shows them). */
@ApiTags('user')
@ScopeGroup('user')
@Controller()
export class UserKeysController {
  constructor(
    private readonly keys: SshKeysService,
    private readonly users: UsersService,
    private readonly membership: OrgMembershipService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get('user/keys')
  @RequireSignIn()
  @paged()
  @fingerprintQuery()
  @ApiOkResponse({ type: [ApiPublicKey] })
  async userCurrentListKeys(
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
    @Query('fingerprint') fingerprint?: string,
  ): Promise<PageOf<ApiPublicKey>> {
    return this.listOf(actor.user, actor.user, paging, fingerprint);
  }

  @Post('user/keys')
  @RequireSignIn()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiPublicKey })
  @ApiUnprocessableEntityResponse({ description: 'not an acceptable SSH public key, or the key is already in use' })
  async userCurrentPostKey(@CurrentActor() actor: Actor, @Body() body: CreateKeyOption): Promise<ApiPublicKey> {
    const key = await this.keys.add({ userId: actor.user.id }, { title: body.title, key: body.key });
    return toApiPublicKey(key, actor.user, actor.user, this.shapes);
  }

  @Get('user/keys/:id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiPublicKey })
  @ApiNotFoundResponse({ description: 'the caller has no key of that id' })
  async userCurrentGetKey(@CurrentActor() actor: Actor, @Param('id', new IdParam('key')) id: number): Promise<ApiPublicKey> {
    return toApiPublicKey(await this.keys.get({ userId: actor.user.id }, id), actor.user, actor.user, this.shapes);
  }

  @Delete('user/keys/:id')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the key is deleted' })
  @ApiNotFoundResponse({ description: 'the caller has no key of that id' })
  async userCurrentDeleteKey(@CurrentActor() actor: Actor, @Param('id', new IdParam('key')) id: number): Promise<void> {
    await this.keys.delete({ userId: actor.user.id }, id);
  }

  @Get('users/:username/keys')
  @paged()
  @fingerprintQuery()
  @ApiOkResponse({ type: [ApiPublicKey] })
  @ApiNotFoundResponse({ description: 'no such user, or one the caller may not see' })
  async userListKeys(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
    @Query('fingerprint') fingerprint?: string,
  ): Promise<PageOf<ApiPublicKey>> {
    const user = await this.users.findUserByName(username);
    if (!user || user.id < 0 || !(await this.membership.canSee(user, actor?.user))) {
      throw new NotFoundException(`user "${username}" does not exist`);
    }
    return this.listOf(user, actor?.user, paging, fingerprint);
  }

  private async listOf(user: Owner, viewer: Owner | undefined, paging: PageRequest, fingerprint?: string): Promise<PageOf<ApiPublicKey>> {
    const page = await this.keys.list({ userId: user.id }, paging, fingerprint);
    return page.map((key) => toApiPublicKey(key, user, viewer, this.shapes));
  }
}
