import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Actor } from '../../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../../http/auth/auth-metadata';
import { PageOf } from '../../../http/page-of';
import { Paging, PageRequest } from '../../../http/pagination';
import { ActionsHolders } from '../actions-holders';
import { ActionVariablesService } from './action-variables.service';
import { ApiActionVariable, CreateVariableOption, UpdateVariableOption } from './dto/variable.dto';

/*
 * The three controllers differ only in whose variables they reach and who may:
 * the signed-in user their own, an organization's owners, a repository's
 * administrators (a private repository or organization stays 404 to others).
 * Create answers 201 (409 when the name is taken), update and delete 204.
 */

/** The signed-in user's actions variables: `/user/actions/variables…`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/actions/variables')
export class UserVariablesController {
  constructor(
    private readonly variables: ActionVariablesService,
    private readonly holders: ActionsHolders,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiActionVariable] })
  getUserVariablesList(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiActionVariable>> {
    return this.variables.list(this.holders.user(actor), paging);
  }

  @Get(':variablename')
  @ApiOkResponse({ type: ApiActionVariable })
  @ApiNotFoundResponse()
  getUserVariable(@Param('variablename') name: string, @CurrentActor() actor: Actor): Promise<ApiActionVariable> {
    return this.variables.get(this.holders.user(actor), name);
  }

  @Post(':variablename')
  @ApiCreatedResponse({ description: 'created' })
  @ApiBadRequestResponse({ description: 'a name or value Forgejo does not allow' })
  @ApiConflictResponse({ description: 'the name is taken' })
  async createUserVariable(
    @Param('variablename') name: string,
    @Body() body: CreateVariableOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.variables.create(this.holders.user(actor), name, body.value);
  }

  @Put(':variablename')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'updated' })
  @ApiNotFoundResponse()
  async updateUserVariable(
    @Param('variablename') name: string,
    @Body() body: UpdateVariableOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.variables.update(this.holders.user(actor), name, body);
  }

  @Delete(':variablename')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async deleteUserVariable(@Param('variablename') name: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.variables.delete(this.holders.user(actor), name);
  }
}

/** An organization's actions variables, for its owners: `/orgs/{org}/actions/variables…`. */
@ApiTags('organization')
@ScopeGroup('organization')
@RequireSignIn()
@Controller('orgs/:org/actions/variables')
export class OrgVariablesController {
  constructor(
    private readonly variables: ActionVariablesService,
    private readonly holders: ActionsHolders,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiActionVariable] })
  async getOrgVariablesList(
    @Param('org') org: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiActionVariable>> {
    return this.variables.list(await this.holders.organization(org, actor), paging);
  }

  @Get(':variablename')
  @ApiOkResponse({ type: ApiActionVariable })
  @ApiNotFoundResponse()
  async getOrgVariable(
    @Param('org') org: string,
    @Param('variablename') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiActionVariable> {
    return this.variables.get(await this.holders.organization(org, actor), name);
  }

  @Post(':variablename')
  @ApiCreatedResponse({ description: 'created' })
  @ApiBadRequestResponse({ description: 'a name or value Forgejo does not allow' })
  @ApiConflictResponse({ description: 'the name is taken' })
  async createOrgVariable(
    @Param('org') org: string,
    @Param('variablename') name: string,
    @Body() body: CreateVariableOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.variables.create(await this.holders.organization(org, actor), name, body.value);
  }

  @Put(':variablename')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'updated' })
  @ApiNotFoundResponse()
  async updateOrgVariable(
    @Param('org') org: string,
    @Param('variablename') name: string,
    @Body() body: UpdateVariableOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.variables.update(await this.holders.organization(org, actor), name, body);
  }

  @Delete(':variablename')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async deleteOrgVariable(@Param('org') org: string, @Param('variablename') name: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.variables.delete(await this.holders.organization(org, actor), name);
  }
}

/** A repository's actions variables, for its administrators: `/repos/{owner}/{repo}/actions/variables…`. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/actions/variables')
export class RepoVariablesController {
  constructor(
    private readonly variables: ActionVariablesService,
    private readonly holders: ActionsHolders,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiActionVariable] })
  async getRepoVariablesList(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiActionVariable>> {
    return this.variables.list(await this.holders.repository(owner, repo, actor), paging);
  }

  @Get(':variablename')
  @ApiOkResponse({ type: ApiActionVariable })
  @ApiNotFoundResponse()
  async getRepoVariable(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('variablename') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiActionVariable> {
    return this.variables.get(await this.holders.repository(owner, repo, actor), name);
  }

  @Post(':variablename')
  @ApiCreatedResponse({ description: 'created' })
  @ApiBadRequestResponse({ description: 'a name or value Forgejo does not allow' })
  @ApiConflictResponse({ description: 'the name is taken' })
  async createRepoVariable(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('variablename') name: string,
    @Body() body: CreateVariableOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.variables.create(await this.holders.repository(owner, repo, actor), name, body.value);
  }

  @Put(':variablename')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'updated' })
  @ApiNotFoundResponse()
  async updateRepoVariable(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('variablename') name: string,
    @Body() body: UpdateVariableOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.variables.update(await this.holders.repository(owner, repo, actor), name, body);
  }

  @Delete(':variablename')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async deleteRepoVariable(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('variablename') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.variables.delete(await this.holders.repository(owner, repo, actor), name);
  }
}
