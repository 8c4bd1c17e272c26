import { Body, Controller, Delete, Get, HttpCode, Param, Put, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Actor } from '../../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../../http/auth/auth-metadata';
import { PageOf } from '../../../http/page-of';
import { Paging, PageRequest } from '../../../http/pagination';
import { ActionsHolders } from '../actions-holders';
import { ActionSecretsService } from './action-secrets.service';
import { ApiSecret, CreateOrUpdateSecretOption } from './dto/secret.dto';

/** PUT answers 201 when it created the secret, 204 when it replaced one (as Forgejo). */
function statusOfPut(outcome: 'created' | 'updated', reply: FastifyReply): void {
  void reply.status(outcome === 'created' ? 201 : 204);
}

/** The signed-in user's actions secrets: `/user/actions/secrets/{secretname}`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/actions/secrets')
export class UserSecretsController {
  constructor(
    private readonly secrets: ActionSecretsService,
    private readonly holders: ActionsHolders,
  ) {}

  @Put(':secretname')
  @ApiCreatedResponse({ description: 'created' })
  @ApiNoContentResponse({ description: 'updated' })
  @ApiUnprocessableEntityResponse({ description: 'a name Forgejo does not allow' })
  async updateUserSecret(
    @Param('secretname') name: string,
    @Body() body: CreateOrUpdateSecretOption,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    statusOfPut(await this.secrets.put(this.holders.user(actor), name, body.data), reply);
  }

  @Delete(':secretname')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async deleteUserSecret(@Param('secretname') name: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.secrets.delete(this.holders.user(actor), name);
  }
}

/** An organization's actions secrets, for its owners: `/orgs/{org}/actions/secrets…`. */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn()
@Controller('orgs/:org/actions/secrets')
export class OrgSecretsController {
  constructor(
    private readonly secrets: ActionSecretsService,
    private readonly holders: ActionsHolders,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiSecret] })
  async orgListActionsSecrets(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiSecret>> {
    return this.secrets.list(await this.holders.organization(org, actor), paging);
  }

  @Put(':secretname')
  @ApiCreatedResponse({ description: 'created' })
  @ApiNoContentResponse({ description: 'updated' })
  @ApiUnprocessableEntityResponse({ description: 'a name Forgejo does not allow' })
  async updateOrgSecret(
    @Param('org') org: string,
    @Param('secretname') name: string,
    @Body() body: CreateOrUpdateSecretOption,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    statusOfPut(await this.secrets.put(await this.holders.organization(org, actor), name, body.data), reply);
  }

  @Delete(':secretname')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async deleteOrgSecret(@Param('org') org: string, @Param('secretname') name: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.secrets.delete(await this.holders.organization(org, actor), name);
  }
}

/** A repository's actions secrets, for its administrators: `/repos/{owner}/{repo}/actions/secrets…`. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/actions/secrets')
export class RepoSecretsController {
  constructor(
    private readonly secrets: ActionSecretsService,
    private readonly holders: ActionsHolders,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiSecret] })
  async repoListActionsSecrets(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiSecret>> {
    return this.secrets.list(await this.holders.repository(owner, repo, actor), paging);
  }

  @Put(':secretname')
  @ApiCreatedResponse({ description: 'created' })
  @ApiNoContentResponse({ description: 'updated' })
  @ApiUnprocessableEntityResponse({ description: 'a name Forgejo does not allow' })
  async updateRepoSecret(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('secretname') name: string,
    @Body() body: CreateOrUpdateSecretOption,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    statusOfPut(await this.secrets.put(await this.holders.repository(owner, repo, actor), name, body.data), reply);
  }

  @Delete(':secretname')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async deleteRepoSecret(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('secretname') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.secrets.delete(await this.holders.repository(owner, repo, actor), name);
  }
}
