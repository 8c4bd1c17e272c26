import { Body, Controller, Delete, Get, Header, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { paged } from '../accounts/orgs.controller';
import { UsersService } from '../accounts/users.service';
import { ApiGpgKey, CreateGPGKeyOption, VerifyGPGKeyOption } from './dto/gpg-key.dto';
import { GpgKeysService } from './gpg-keys.service';

/** `/user/gpg_keys…`, the verification token, and `GET /users/{username}/gpg_keys` (public, as Forgejo). */
@ApiTags('user')
@ScopeGroup('user')
@Controller()
export class GpgKeysController {
  constructor(
    private readonly gpgKeys: GpgKeysService,
    private readonly users: UsersService,
    private readonly membership: OrgMembershipService,
  ) {}

  @Get('user/gpg_keys')
  @RequireSignIn()
  @paged()
  @ApiOkResponse({ type: [ApiGpgKey] })
  async userCurrentListGPGKeys(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiGpgKey>> {
    return this.gpgKeys.list(actor.user, paging);
  }

  @Post('user/gpg_keys')
  @RequireSignIn()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiGpgKey })
  @ApiNotFoundResponse({ description: "none of the key's e-mails is the caller's, and no signature of the token was given" })
  @ApiUnprocessableEntityResponse({ description: 'not an armored public key, a bad signature, or the key id is already in use' })
  async userCurrentPostGPGKey(@CurrentActor() actor: Actor, @Body() body: CreateGPGKeyOption): Promise<ApiGpgKey> {
    return this.gpgKeys.add(actor.user, body.armored_public_key, body.armored_signature);
  }

  @Get('user/gpg_key_token')
  @RequireSignIn()
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'the token to sign (changes every minute)', schema: { type: 'string' } })
  getVerificationToken(@CurrentActor() actor: Actor): string {
    return this.gpgKeys.verificationToken(actor.user);
  }

  @Post('user/gpg_key_verify')
  @RequireSignIn()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiGpgKey })
  @ApiNotFoundResponse({ description: 'the caller has no key of that id' })
  @ApiUnprocessableEntityResponse({ description: 'the signature is not the key’s over the current token' })
  async userVerifyGPGKey(@CurrentActor() actor: Actor, @Body() body: VerifyGPGKeyOption): Promise<ApiGpgKey> {
    return this.gpgKeys.verify(actor.user, body.key_id, body.armored_signature);
  }

  @Get('user/gpg_keys/:id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiGpgKey })
  @ApiNotFoundResponse({ description: 'the caller has no key of that id' })
  async userCurrentGetGPGKey(@CurrentActor() actor: Actor, @Param('id', new IdParam('key')) id: number): Promise<ApiGpgKey> {
    return this.gpgKeys.get(actor.user, id);
  }

  @Delete('user/gpg_keys/:id')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the key and its subkeys are deleted' })
  @ApiNotFoundResponse({ description: 'the caller has no key of that id' })
  async userCurrentDeleteGPGKey(@CurrentActor() actor: Actor, @Param('id', new IdParam('key')) id: number): Promise<void> {
    await this.gpgKeys.delete(actor.user, id);
  }

  @Get('users/:username/gpg_keys')
  @paged()
  @ApiOkResponse({ type: [ApiGpgKey] })
  @ApiNotFoundResponse({ description: 'no such user, or one the caller may not see' })
  async userListGPGKeys(
    @Param('username') username: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiGpgKey>> {
    const user = await this.users.findUserByName(username);
    if (!user || user.id < 0 || !(await this.membership.canSee(user, actor?.user))) {
      throw new NotFoundException(`user "${username}" does not exist`);
    }
    return this.gpgKeys.list(user, paging);
  }
}
