import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
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
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { dateParam } from '../issues/issue-list-query';
import { IssueLookup } from '../issues/issue-lookup.service';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { AddTimeOption, ApiStopWatch, ApiTrackedTime } from './dto/tracked-time.dto';
import { StopwatchesService } from './stopwatches.service';
import { TimeQuery, TrackedTimesService } from './tracked-times.service';

/** Documents the `since` and `before` query parameters (RFC 3339) of a listing of times. */
const period = () =>
  applyDecorators(
    ApiQuery({ name: 'since', required: false, type: 'string', format: 'date-time' }),
    ApiQuery({ name: 'before', required: false, type: 'string', format: 'date-time' }),
  );

function timeQuery(user: unknown, since: unknown, before: unknown): TimeQuery {
  return {
    user: typeof user === 'string' && user.trim() !== '' ? user.trim() : undefined,
    since: dateParam('since', since),
    before: dateParam('before', before),
  };
}

/** An issue's tracked times and the caller's stopwatch on it: `/repos/{owner}/{repo}/issues/{index}/times|stopwatch…`. */
@ApiTags('issue')
@ScopeGroup('issue')
@RequireSignIn()
@Controller('repos/:owner/:repo/issues/:index')
export class IssueTimesController {
  constructor(
    private readonly lookup: IssueLookup,
    private readonly times: TrackedTimesService,
    private readonly stopwatches: StopwatchesService,
  ) {}

  @Get('times')
  @ApiQuery({ name: 'user', required: false, description: 'only this user’s times (writers and site admins)' })
  @period()
  @paged()
  @ApiOkResponse({ type: [ApiTrackedTime] })
  @ApiForbiddenResponse({ description: "another user's times asked by someone who may only see their own" })
  async issueTrackedTimes(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Query('user') user: unknown,
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiTrackedTime>> {
    const query = timeQuery(user, since, before);
    const { repoCtx, issue } = await this.lookup.resolveIssue(owner, repo, index, actor);
    return this.times.list(repoCtx, issue.id, query, paging, actor);
  }

  @Post('times')
  @HttpCode(200)
  @ApiOkResponse({ type: ApiTrackedTime })
  @ApiForbiddenResponse({ description: "neither a writer of the repository nor the issue's poster" })
  async issueAddTime(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: AddTimeOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiTrackedTime> {
    return this.times.add(await this.lookup.resolveIssue(owner, repo, index, actor), body, actor);
  }

  @Delete('times')
  @HttpCode(204)
  @ApiNoContentResponse({ description: "the caller's own times on the issue are removed" })
  @ApiNotFoundResponse({ description: 'no such issue, or the caller has no time on it' })
  async issueResetTime(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.times.reset(await this.lookup.resolveIssue(owner, repo, index, actor), actor);
  }

  @Delete('times/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: "another user's time (only site admins may delete those)" })
  async issueDeleteTime(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Param('id', new IdParam('tracked time')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.times.remove(await this.lookup.resolveIssue(owner, repo, index, actor), id, actor);
  }

  @Post('stopwatch/start')
  @HttpCode(201)
  @ApiCreatedResponse({ description: 'started (a stopwatch running on another issue is stopped first)' })
  @ApiConflictResponse({ description: 'the caller’s stopwatch already runs on this issue' })
  async issueStartStopWatch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.stopwatches.start(await this.lookup.resolveIssue(owner, repo, index, actor), actor);
  }

  @Post('stopwatch/stop')
  @HttpCode(201)
  @ApiCreatedResponse({ description: 'stopped; the time it ran is recorded' })
  @ApiConflictResponse({ description: 'no stopwatch of the caller runs on this issue' })
  async issueStopStopWatch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.stopwatches.stop(await this.lookup.resolveIssue(owner, repo, index, actor), actor);
  }

  @Delete('stopwatch/delete')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'cancelled; nothing is recorded' })
  @ApiConflictResponse({ description: 'no stopwatch of the caller runs on this issue' })
  async issueDeleteStopWatch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.stopwatches.cancel(await this.lookup.resolveIssue(owner, repo, index, actor), actor);
  }
}

/** A repository's tracked times: `/repos/{owner}/{repo}/times[/{user}]`. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/times')
export class RepoTimesController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly times: TrackedTimesService,
  ) {}

  @Get()
  @ApiQuery({ name: 'user', required: false, description: 'only this user’s times (writers and site admins)' })
  @period()
  @paged()
  @ApiOkResponse({ type: [ApiTrackedTime] })
  @ApiForbiddenResponse({ description: "another user's times asked by someone who may only see their own" })
  async repoTrackedTimes(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query('user') user: unknown,
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiTrackedTime>> {
    const query = timeQuery(user, since, before);
    return this.times.list(await this.access.resolve(owner, repo, actor), undefined, query, paging, actor);
  }

  @Get(':user')
  @ApiOkResponse({ type: [ApiTrackedTime] })
  @ApiForbiddenResponse({ description: "another user's times asked by someone who is no repository or site administrator" })
  async userTrackedTimes(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('user') user: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiTrackedTime[]> {
    return this.times.ofUser(await this.access.resolve(owner, repo, actor), user, actor);
  }
}

/** The caller's own times and stopwatches: `/user/times`, `/user/stopwatches`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user')
export class MyTimesController {
  constructor(
    private readonly times: TrackedTimesService,
    private readonly stopwatches: StopwatchesService,
  ) {}

  @Get('times')
  @period()
  @paged()
  @ApiOkResponse({ type: [ApiTrackedTime] })
  userCurrentTrackedTimes(
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiTrackedTime>> {
    return this.times.mine(actor, timeQuery(undefined, since, before), paging);
  }

  @Get('stopwatches')
  @paged()
  @ApiOkResponse({ type: [ApiStopWatch] })
  userGetStopWatches(@CurrentActor() actor: Actor, @Paging() paging: PageRequest): Promise<PageOf<ApiStopWatch>> {
    return this.stopwatches.mine(actor, paging);
  }
}
