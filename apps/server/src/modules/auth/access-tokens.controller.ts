import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { PageRequest, Paging } from '../../http/pagination';
import { AccessTokenService } from './access-tokens.service';
import { ApiAccessToken, CreateAccessTokenOption, toApiAccessToken } from './dto/access-token.dto';

/**
 * `/users/{username}/tokens`: an account's personal access tokens. The caller
 * may manage their own tokens; a site administrator may manage anyone's when
 * signed in by password or with a token holding `sudo` or `all` (a token made
 * for someone acts as them, so this is impersonation: see mayActAsAnotherUser);
 * any other caller gets 403. Forgejo only lets Basic (password) callers in
 * here; we also accept tokens, because a token can only create tokens no
 * broader than itself (see assertScopesWithin), so this opens no escalation.
 */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@ApiForbiddenResponse({
  description:
    "the account is not the caller's and the caller is not a site administrator signed in by password or with a `sudo` or `all` token, or the token lacks the user scope",
})
@ApiNotFoundResponse({ description: 'no such user' })
@Controller('users/:username/tokens')
export class AccessTokensController {
  constructor(private readonly tokens: AccessTokenService) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'page number of results to return (1-based)' })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'page size of results' })
  @ApiOkResponse({ type: [ApiAccessToken], description: "the account's tokens, without their values" })
  async userGetTokens(
    @CurrentActor() actor: Actor,
    @Param('username') username: string,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiAccessToken>> {
    const owner = await this.tokens.accountManagedBy(actor, username);
    const [items, total] = await this.tokens.list(owner, paging);
    return new PageOf(items, total, paging).map((token) => toApiAccessToken(token));
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiAccessToken, description: 'the new token; `sha1` holds its value, shown only this once' })
  @ApiBadRequestResponse({ description: 'the name is already used, or no scope was given' })
  async userCreateToken(
    @CurrentActor() actor: Actor,
    @Param('username') username: string,
    @Body() body: CreateAccessTokenOption,
  ): Promise<ApiAccessToken> {
    const owner = await this.tokens.accountManagedBy(actor, username);
    const { token, value } = await this.tokens.create(owner, body.name, body.scopes ?? [], actor.scopes);
    return toApiAccessToken(token, value);
  }

  @Delete(':token')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the token is deleted' })
  @ApiNotFoundResponse({ description: 'no such user, or the user has no token with that id or name' })
  async userDeleteAccessToken(
    @CurrentActor() actor: Actor,
    @Param('username') username: string,
    @Param('token') idOrName: string,
  ): Promise<void> {
    const owner = await this.tokens.accountManagedBy(actor, username);
    await this.tokens.delete(owner, idOrName);
  }
}
