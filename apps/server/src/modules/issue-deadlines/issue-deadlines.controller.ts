import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { IssueLookup } from '../issues/issue-lookup.service';
import { ApiIssueDeadline, EditDeadlineOption } from './issue-deadline.dto';
import { IssueDeadlinesService } from './issue-deadlines.service';

/** An issue's or pull request's deadline: `POST /repos/{owner}/{repo}/issues/{index}/deadline`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues/:index/deadline')
export class IssueDeadlinesController {
  constructor(
    private readonly lookup: IssueLookup,
    private readonly deadlines: IssueDeadlinesService,
  ) {}

  @Post()
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiIssueDeadline })
  @ApiForbiddenResponse({ description: 'not a writer of the repository' })
  @ApiUnprocessableEntityResponse({ description: 'due_date is not an RFC 3339 date-time' })
  async issueEditIssueDeadline(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: EditDeadlineOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiIssueDeadline> {
    return this.deadlines.set(await this.lookup.resolveIssue(owner, repo, index, actor), body.due_date);
  }
}
