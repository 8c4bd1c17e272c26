import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { PageRequest, Paging } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { ApiOAuth2Application, CreateOAuth2ApplicationOptions, toApiOAuth2Application } from './dto/oauth2-application.dto';
import { OAuth2ApplicationsService } from './oauth2-applications.service';

/** `/user/applications/oauth2`: the signed-in user's OAuth2 applications. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/applications/oauth2')
export class OAuth2ApplicationsController {
  constructor(private readonly applications: OAuth2ApplicationsService) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiOAuth2Application], description: 'the applications, with empty client secrets' })
  async userGetOAuth2Applications(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiOAuth2Application>> {
    const [items, total] = await this.applications.list(actor.user, paging);
    return new PageOf(items, total, paging).map((application) => toApiOAuth2Application(application));
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiOAuth2Application, description: 'the application; `client_secret` is shown only this once' })
  async userCreateOAuth2Application(
    @CurrentActor() actor: Actor,
    @Body() body: CreateOAuth2ApplicationOptions,
  ): Promise<ApiOAuth2Application> {
    const { application, clientSecret } = await this.applications.create(actor.user, body);
    return toApiOAuth2Application(application, clientSecret);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiOAuth2Application })
  @ApiNotFoundResponse({ description: 'the caller has no application of that id' })
  async userGetOAuth2Application(
    @CurrentActor() actor: Actor,
    @Param('id', new IdParam('OAuth2 application')) id: number,
  ): Promise<ApiOAuth2Application> {
    return toApiOAuth2Application(await this.applications.get(actor.user, id));
  }

  @Patch(':id')
  @ApiOkResponse({ type: ApiOAuth2Application, description: 'the application with a new `client_secret` (the old one stops working)' })
  @ApiNotFoundResponse({ description: 'the caller has no application of that id' })
  async userUpdateOAuth2Application(
    @CurrentActor() actor: Actor,
    @Param('id', new IdParam('OAuth2 application')) id: number,
    @Body() body: CreateOAuth2ApplicationOptions,
  ): Promise<ApiOAuth2Application> {
    const { application, clientSecret } = await this.applications.update(actor.user, id, body);
    return toApiOAuth2Application(application, clientSecret);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted, and every token issued to it revoked' })
  @ApiNotFoundResponse({ description: 'the caller has no application of that id' })
  async userDeleteOAuth2Application(
    @CurrentActor() actor: Actor,
    @Param('id', new IdParam('OAuth2 application')) id: number,
  ): Promise<void> {
    await this.applications.delete(actor.user, id);
  }
}
