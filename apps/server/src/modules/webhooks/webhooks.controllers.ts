import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { WebhookScope } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiHook, ApiHookDelivery, CreateHookOption, EditHookOption } from './dto/hook.dto';
import { PushEvents } from './push-events';
import { WebhookEvents } from './webhook-events';
import { WebhookScopes } from './webhook-scopes';
import { WebhooksService } from './webhooks.service';

const SYSTEM: WebhookScope = { kind: 'system' };
const hookId = new IdParam('hook');

/** Lists a hook's deliveries; the hook's last status (none, succeed, fail) goes in `X-Bellows-Hook-Status`. */
async function deliveries(
  service: WebhooksService,
  scope: WebhookScope,
  id: number,
  paging: PageRequest,
  reply: FastifyReply,
): Promise<PageOf<ApiHookDelivery>> {
  const { page, lastStatus } = await service.deliveriesOf(scope, id, paging);
  void reply.header('X-Bellows-Hook-Status', lastStatus);
  return page;
}

/** A repository's webhooks, for its administrators: `/repos/{owner}/{repo}/hooks…`. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/hooks')
export class RepoHooksController {
  constructor(
    private readonly hooks: WebhooksService,
    private readonly scopes: WebhookScopes,
    private readonly pushEvents: PushEvents,
    private readonly events: WebhookEvents,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHook] })
  @ApiNotFoundResponse()
  async repoListHooks(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiHook>> {
    return this.hooks.list(await this.scopes.repository(owner, repo, actor), paging);
  }

  @Post()
  @ApiCreatedResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  async repoCreateHook(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateHookOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiHook> {
    return this.hooks.create(await this.scopes.repository(owner, repo, actor), body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  async repoGetHook(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', hookId) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<ApiHook> {
    return this.hooks.get(await this.scopes.repository(owner, repo, actor), id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  async repoEditHook(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', hookId) id: number,
    @Body() body: EditHookOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiHook> {
    return this.hooks.edit(await this.scopes.repository(owner, repo, actor), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async repoDeleteHook(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', hookId) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.hooks.delete(await this.scopes.repository(owner, repo, actor), id);
  }

  @Post(':id/tests')
  @HttpCode(204)
  @ApiQuery({
    name: 'ref',
    required: false,
    description: 'the branch, tag or commit whose commit the test push carries (default branch when absent)',
  })
  @ApiNoContentResponse({ description: 'a test push event is queued for the hook' })
  @ApiNotFoundResponse()
  async repoTestHook(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', hookId) id: number,
    @Query('ref') ref: string | undefined,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const ctx = await this.scopes.administeredRepository(owner, repo, actor);
    const hook = await this.hooks.find({ kind: 'repo', repoId: ctx.repo.id }, id);
    const payload = await this.pushEvents.testPayload(ctx.repo, ctx.owner, actor.user, ref);
    await this.events.enqueueToHook(hook.id, 'push', payload);
  }

  @Get(':id/deliveries')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHookDelivery], description: 'Bellows: the deliveries of the hook, newest first, with their attempts' })
  @ApiNotFoundResponse()
  async repoListHookDeliveries(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', hookId) id: number,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PageOf<ApiHookDelivery>> {
    return deliveries(this.hooks, await this.scopes.repository(owner, repo, actor), id, paging, reply);
  }
}

/** An organization's webhooks, for its owners: `/orgs/{org}/hooks…`. */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn()
@Controller('orgs/:org/hooks')
export class OrgHooksController {
  constructor(
    private readonly hooks: WebhooksService,
    private readonly scopes: WebhookScopes,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHook] })
  @ApiNotFoundResponse()
  async orgListHooks(@Param('org') org: string, @CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiHook>> {
    return this.hooks.list(await this.scopes.organization(org, actor), paging);
  }

  @Post()
  @ApiCreatedResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  async orgCreateHook(@Param('org') org: string, @Body() body: CreateHookOption, @CurrentActor() actor: Actor): Promise<ApiHook> {
    return this.hooks.create(await this.scopes.organization(org, actor), body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  async orgGetHook(@Param('org') org: string, @Param('id', hookId) id: number, @CurrentActor() actor: Actor): Promise<ApiHook> {
    return this.hooks.get(await this.scopes.organization(org, actor), id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  async orgEditHook(
    @Param('org') org: string,
    @Param('id', hookId) id: number,
    @Body() body: EditHookOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiHook> {
    return this.hooks.edit(await this.scopes.organization(org, actor), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async orgDeleteHook(@Param('org') org: string, @Param('id', hookId) id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.hooks.delete(await this.scopes.organization(org, actor), id);
  }

  @Get(':id/deliveries')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHookDelivery], description: 'Bellows: the deliveries of the hook, newest first, with their attempts' })
  @ApiNotFoundResponse()
  async orgListHookDeliveries(
    @Param('org') org: string,
    @Param('id', hookId) id: number,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PageOf<ApiHookDelivery>> {
    return deliveries(this.hooks, await this.scopes.organization(org, actor), id, paging, reply);
  }
}

/** The signed-in user's own webhooks: `/user/hooks…`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/hooks')
export class UserHooksController {
  constructor(
    private readonly hooks: WebhooksService,
    private readonly scopes: WebhookScopes,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHook] })
  userListHooks(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiHook>> {
    return this.hooks.list(this.scopes.user(actor), paging);
  }

  @Post()
  @ApiCreatedResponse({ type: ApiHook })
  userCreateHook(@Body() body: CreateHookOption, @CurrentActor() actor: Actor): Promise<ApiHook> {
    return this.hooks.create(this.scopes.user(actor), body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  userGetHook(@Param('id', hookId) id: number, @CurrentActor() actor: Actor): Promise<ApiHook> {
    return this.hooks.get(this.scopes.user(actor), id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  userEditHook(@Param('id', hookId) id: number, @Body() body: EditHookOption, @CurrentActor() actor: Actor): Promise<ApiHook> {
    return this.hooks.edit(this.scopes.user(actor), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async userDeleteHook(@Param('id', hookId) id: number, @CurrentActor() actor: Actor): Promise<void> {
    await this.hooks.delete(this.scopes.user(actor), id);
  }

  @Get(':id/deliveries')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHookDelivery], description: 'Bellows: the deliveries of the hook, newest first, with their attempts' })
  @ApiNotFoundResponse()
  userListHookDeliveries(
    @Param('id', hookId) id: number,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PageOf<ApiHookDelivery>> {
    return deliveries(this.hooks, this.scopes.user(actor), id, paging, reply);
  }
}

/** System webhooks (every repository's events), for site administrators: `/admin/hooks…`. */
@ApiTags('admin')
@ScopeGroup('admin')
@RequireSiteAdmin()
@Controller('admin/hooks')
export class AdminHooksController {
  constructor(private readonly hooks: WebhooksService) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHook] })
  adminListHooks(@Paging() paging: PageRequest): Promise<PageOf<ApiHook>> {
    return this.hooks.list(SYSTEM, paging);
  }

  @Post()
  @ApiCreatedResponse({ type: ApiHook })
  adminCreateHook(@Body() body: CreateHookOption): Promise<ApiHook> {
    return this.hooks.create(SYSTEM, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  adminGetHook(@Param('id', hookId) id: number): Promise<ApiHook> {
    return this.hooks.get(SYSTEM, id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: ApiHook })
  @ApiNotFoundResponse()
  adminEditHook(@Param('id', hookId) id: number, @Body() body: EditHookOption): Promise<ApiHook> {
    return this.hooks.edit(SYSTEM, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async adminDeleteHook(@Param('id', hookId) id: number): Promise<void> {
    await this.hooks.delete(SYSTEM, id);
  }

  @Get(':id/deliveries')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiHookDelivery], description: 'Bellows: the deliveries of the hook, newest first, with their attempts' })
  @ApiNotFoundResponse()
  adminListHookDeliveries(
    @Param('id', hookId) id: number,
    @Paging() paging: PageRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PageOf<ApiHookDelivery>> {
    return deliveries(this.hooks, SYSTEM, id, paging, reply);
  }
}
