import { Body, Controller, Delete, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { UsersService } from '../accounts/users.service';
import { ApiPublicKey, CreateKeyOption, toApiPublicKey } from './dto/ssh-key.dto';
import { SshKeysService } from './ssh-keys.service';

/** Site administrators add and delete users' SSH keys: `/admin/users/{username}/keys…`. */
@ApiTags('admin')
@ScopeGroup('admin')
@RequireSiteAdmin()
@Controller('admin/users/:username/keys')
export class AdminKeysController {
  constructor(
    private readonly keys: SshKeysService,
    private readonly users: UsersService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiPublicKey })
  @ApiNotFoundResponse({ description: 'no such user' })
  @ApiUnprocessableEntityResponse({ description: 'not an acceptable SSH public key, or the key is already in use' })
  async adminCreatePublicKey(
    @CurrentActor() actor: Actor,
    @Param('username') username: string,
    @Body() body: CreateKeyOption,
  ): Promise<ApiPublicKey> {
    const user = await this.users.requireStoredUserByName(username);
    const key = await this.keys.add({ userId: user.id }, { title: body.title, key: body.key });
    return toApiPublicKey(key, user, actor.user, this.shapes);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the key is deleted' })
  @ApiNotFoundResponse({ description: 'no such user, or the user has no key of that id' })
  async adminDeleteUserPublicKey(@Param('username') username: string, @Param('id', new IdParam('key')) id: number): Promise<void> {
    const user = await this.users.requireStoredUserByName(username);
    await this.keys.delete({ userId: user.id }, id);
  }
}
