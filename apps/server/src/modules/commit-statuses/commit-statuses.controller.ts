import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { COMMIT_STATUS_SORTS, COMMIT_STATUS_STATES } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { RepoGitResolver } from '../repo-files/repo-git';
import { queryText } from '../repo-files/query-flag';
import { CommitStatusesService } from './commit-statuses.service';
import { ApiCombinedStatus, ApiCommitStatus, CreateStatusOption } from './dto/commit-status.dto';

const listQueries = () => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  ApiQuery({ name: 'sort', required: false, enum: COMMIT_STATUS_SORTS })(target, key, descriptor);
  ApiQuery({ name: 'state', required: false, enum: COMMIT_STATUS_STATES })(target, key, descriptor);
  ApiQuery({ name: 'page', required: false, type: 'integer' })(target, key, descriptor);
  ApiQuery({ name: 'limit', required: false, type: 'integer' })(target, key, descriptor);
};

/** Commit statuses: `/repos/{owner}/{repo}/statuses/{sha}` and `/commits/{ref}/status(es)`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo')
export class CommitStatusesController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly statuses: CommitStatusesService,
  ) {}

  @Post('statuses/:sha')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiCommitStatus })
  @ApiForbiddenResponse({ description: 'the caller may not write to the repository' })
  @ApiNotFoundResponse({ description: 'no such repository or commit' })
  @ApiUnprocessableEntityResponse({ description: 'an unknown state, or a malformed sha' })
  async repoCreateStatus(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @Body() body: CreateStatusOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiCommitStatus> {
    return this.statuses.create(await this.repos.forWriting(owner, repo, actor), sha, body, actor.user);
  }

  @Get('statuses/:sha')
  @listQueries()
  @ApiOkResponse({ type: [ApiCommitStatus] })
  @ApiNotFoundResponse({ description: 'no such repository or commit' })
  @ApiUnprocessableEntityResponse({ description: 'an unknown sort or state' })
  async repoListStatuses(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiCommitStatus>> {
    return this.list(owner, repo, sha, query, actor, paging);
  }

  @Get('commits/:ref/statuses')
  @listQueries()
  @ApiOkResponse({ type: [ApiCommitStatus] })
  @ApiNotFoundResponse({ description: 'no such repository, branch, tag or commit' })
  @ApiUnprocessableEntityResponse({ description: 'an unknown sort or state' })
  async repoListStatusesByRef(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('ref') ref: string,
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiCommitStatus>> {
    return this.list(owner, repo, ref, query, actor, paging);
  }

  @Get('commits/:ref/status')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiCombinedStatus })
  @ApiNotFoundResponse({ description: 'no such repository, branch, tag or commit' })
  async repoGetCombinedStatusByRef(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('ref') ref: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<ApiCombinedStatus> {
    return this.statuses.combined(await this.repos.forReading(owner, repo, actor), ref, paging, actor?.user);
  }

  private async list(
    owner: string,
    repo: string,
    revision: string,
    query: Record<string, unknown>,
    actor: Actor | undefined,
    paging: PageRequest,
  ) {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.statuses.list(target, revision, { sort: queryText(query.sort), state: queryText(query.state) }, paging, actor?.user);
  }
}
