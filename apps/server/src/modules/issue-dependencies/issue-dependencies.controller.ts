import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { ApiIssue } from '../issues/dto/issue.dto';
import { IssueLookup } from '../issues/issue-lookup.service';
import { IssueMeta } from './dto/issue-meta.dto';
import { IssueDependenciesService } from './issue-dependencies.service';

const NOT_FOUND = 'no such issue for the caller, or the caller may not change dependencies of the depending issue';
const CONFLICT = 'the dependency exists already, or would make a circle';

/** Issues an issue depends on, and issues it blocks: `/repos/{owner}/{repo}/issues/{index}/dependencies|blocks`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues/:index')
export class IssueDependenciesController {
  constructor(
    private readonly lookup: IssueLookup,
    private readonly dependencies: IssueDependenciesService,
  ) {}

  @Get('dependencies')
  @paged()
  @ApiOkResponse({ type: [ApiIssue], description: 'the issues this one depends on (that block it)' })
  async issueListIssueDependencies(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiIssue>> {
    return this.dependencies.list(await this.lookup.resolveIssue(owner, repo, index, actor), 'dependency', paging, actor?.user);
  }

  @Post('dependencies')
  @RequireSignIn()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiIssue, description: 'the issue of the path, which now depends on the one of the body' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: CONFLICT })
  async issueCreateIssueDependencies(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: IssueMeta,
    @CurrentActor() actor: Actor,
  ): Promise<ApiIssue> {
    return this.dependencies.link(await this.lookup.resolveIssue(owner, repo, index, actor), body, 'dependency', actor);
  }

  @Delete('dependencies')
  @RequireSignIn()
  @HttpCode(200)
  @ApiOkResponse({ type: ApiIssue, description: 'the issue of the path, which no longer depends on the one of the body' })
  @ApiNotFoundResponse({ description: `${NOT_FOUND}, or there is no such dependency` })
  async issueRemoveIssueDependencies(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: IssueMeta,
    @CurrentActor() actor: Actor,
  ): Promise<ApiIssue> {
    return this.dependencies.unlink(await this.lookup.resolveIssue(owner, repo, index, actor), body, 'dependency', actor);
  }

  @Get('blocks')
  @paged()
  @ApiOkResponse({ type: [ApiIssue], description: 'the issues that depend on this one (that it blocks)' })
  async issueListBlocks(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiIssue>> {
    return this.dependencies.list(await this.lookup.resolveIssue(owner, repo, index, actor), 'blocks', paging, actor?.user);
  }

  @Post('blocks')
  @RequireSignIn()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiIssue, description: 'the issue of the path, which now blocks the one of the body' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: CONFLICT })
  async issueCreateIssueBlocking(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: IssueMeta,
    @CurrentActor() actor: Actor,
  ): Promise<ApiIssue> {
    return this.dependencies.link(await this.lookup.resolveIssue(owner, repo, index, actor), body, 'blocks', actor);
  }

  @Delete('blocks')
  @RequireSignIn()
  @HttpCode(200)
  @ApiOkResponse({ type: ApiIssue, description: 'the issue of the path, which no longer blocks the one of the body' })
  @ApiNotFoundResponse({ description: `${NOT_FOUND}, or there is no such dependency` })
  async issueRemoveIssueBlocking(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: IssueMeta,
    @CurrentActor() actor: Actor,
  ): Promise<ApiIssue> {
    return this.dependencies.unlink(await this.lookup.resolveIssue(owner, repo, index, actor), body, 'blocks', actor);
  }
}
