import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../../http/auth/auth-metadata';
import { Paging, PageRequest } from '../../../http/pagination';
import { ApiActionRun, ApiActionRunList, ApiRegisteredActionRun, RegisterActionRunOption } from './dto/action-run.dto';
import { ActionRunsService } from './action-runs.service';

/** Actions runs of a repository: `/repos/{owner}/{repo}/actions/runs…`. CI systems register them to upload artifacts. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/actions/runs')
export class ActionRunsController {
  constructor(private readonly runs: ActionRunsService) {}

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({
    type: ApiRegisteredActionRun,
    description: 'the run, with the runtime token and results URL its jobs give @actions/artifact',
  })
  @ApiForbiddenResponse({ description: 'no write access to the repository' })
  RegisterActionRun(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: RegisterActionRunOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRegisteredActionRun> {
    return this.runs.register(owner, repo, body, actor);
  }

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiActionRunList })
  ListActionRuns(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<ApiActionRunList> {
    return this.runs.list(owner, repo, actor, paging);
  }

  @Get(':run_id')
  @ApiOkResponse({ type: ApiActionRun })
  @ApiNotFoundResponse()
  ActionRun(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('run_id') runId: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiActionRun> {
    return this.runs.get(owner, repo, runId, actor);
  }
}
