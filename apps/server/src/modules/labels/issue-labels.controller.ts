import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { ApiLabel, IssueLabelsOption } from './dto/label.dto';
import { IssueLabelsService } from './issue-labels.service';

/** The labels on one issue: `/repos/{owner}/{repo}/issues/{index}/labels…`. Changing them needs write access. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues/:index/labels')
export class IssueLabelsController {
  constructor(private readonly labels: IssueLabelsService) {}

  @Get()
  @ApiOkResponse({ type: [ApiLabel] })
  issueGetLabels(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiLabel[]> {
    return this.labels.list({ owner, repo, index }, actor);
  }

  @Post()
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: [ApiLabel], description: "the issue's labels after the change" })
  @ApiForbiddenResponse({ description: 'no write access, or updated_at set by someone who may not back-date' })
  @ApiUnprocessableEntityResponse({ description: 'an unknown label, two exclusive labels of one scope, or a bad updated_at' })
  issueAddLabel(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: IssueLabelsOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiLabel[]> {
    return this.labels.add({ owner, repo, index }, body, actor);
  }

  @Put()
  @RequireSignIn()
  @ApiOkResponse({ type: [ApiLabel], description: "the issue's labels after the change" })
  @ApiForbiddenResponse({ description: 'no write access' })
  @ApiUnprocessableEntityResponse({ description: 'an unknown label, two exclusive labels of one scope, or a bad updated_at' })
  issueReplaceLabels(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: IssueLabelsOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiLabel[]> {
    return this.labels.replace({ owner, repo, index }, body, actor);
  }

  @Delete()
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: 'no write access' })
  async issueClearLabels(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.labels.clear({ owner, repo, index }, actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: 'no write access' })
  @ApiUnprocessableEntityResponse({ description: 'no such label' })
  async issueRemoveLabel(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Param('id', new IdParam('label', 422)) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.labels.remove({ owner, repo, index }, id, actor);
  }
}
