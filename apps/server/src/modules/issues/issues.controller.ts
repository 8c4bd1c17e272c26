import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { CommentsService } from './comments.service';
import { ApiComment, ApiTimelineComment, CreateIssueCommentOption, EditIssueCommentOption } from './dto/comment.dto';
import { ApiIssue, CreateIssueOption, EditIssueOption } from './dto/issue.dto';
import { dateParam, IssueListParams } from './issue-list-query';
import { IssueLookup } from './issue-lookup.service';
import { IssuesService } from './issues.service';

const DATE_RULES = 'updated_at out of range (before the issue was created, or in the future) or malformed';

/** Issues, their comments and timelines: `/repos/{owner}/{repo}/issues…`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues')
export class IssuesController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly lookup: IssueLookup,
    private readonly issues: IssuesService,
    private readonly comments: CommentsService,
  ) {}

  @Get()
  @ApiQuery({ name: 'state', required: false, enum: ['open', 'closed', 'all'] })
  @ApiQuery({ name: 'type', required: false, enum: ['issues', 'pulls'] })
  @ApiQuery({ name: 'labels', required: false, description: 'comma-separated label names; issues carrying all of them' })
  @ApiQuery({ name: 'milestones', required: false, description: 'comma-separated milestone names or ids' })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'created_by', required: false })
  @ApiQuery({ name: 'assigned_by', required: false })
  @ApiQuery({ name: 'since', required: false, format: 'date-time' })
  @ApiQuery({ name: 'before', required: false, format: 'date-time' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiIssue] })
  async issueListIssues(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query() params: IssueListParams,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiIssue>> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    return this.issues.list(repoCtx, params, paging, actor?.user);
  }

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiIssue })
  @ApiUnprocessableEntityResponse({ description: 'invalid input, or an unknown milestone, label or assignee' })
  async issueCreateIssue(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateIssueOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiIssue> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    return this.issues.create(repoCtx, body, actor);
  }

  @Get('comments')
  @ApiQuery({ name: 'since', required: false, format: 'date-time' })
  @ApiQuery({ name: 'before', required: false, format: 'date-time' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiComment] })
  async issueGetRepoComments(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiComment>> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    const period = { since: dateParam('since', since), before: dateParam('before', before) };
    return this.comments.listOfRepository(repoCtx, period, paging, actor?.user);
  }

  @Get('comments/:id')
  @ApiOkResponse({ type: ApiComment })
  async issueGetComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('comment')) id: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiComment> {
    return this.comments.get(await this.lookup.resolveComment(owner, repo, id, actor), actor?.user);
  }

  @Patch('comments/:id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiComment })
  @ApiForbiddenResponse({
    description: "neither the comment's author nor a repository administrator, or updated_at given without the right to back-date",
  })
  @ApiUnprocessableEntityResponse({ description: DATE_RULES })
  async issueEditComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('comment')) id: number,
    @Body() body: EditIssueCommentOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiComment> {
    return this.comments.edit(await this.lookup.resolveComment(owner, repo, id, actor), body.body, body.updated_at, actor);
  }

  @Delete('comments/:id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: "neither the comment's author nor a repository administrator" })
  async issueDeleteComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('comment')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.comments.delete(await this.lookup.resolveComment(owner, repo, id, actor), actor);
  }

  /**
   * Forgejo's older form of issueEditComment, with the issue's number in the
   * path; as in Forgejo the comment is found by its id alone (the number is
   * not checked), and the answer is the current form's.
   */
  @Patch(':index/comments/:id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiComment })
  @ApiForbiddenResponse({
    description: "neither the comment's author nor a repository administrator, or updated_at given without the right to back-date",
  })
  @ApiUnprocessableEntityResponse({ description: DATE_RULES })
  issueEditCommentDeprecated(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) _index: number,
    @Param('id', new IdParam('comment')) id: number,
    @Body() body: EditIssueCommentOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiComment> {
    return this.issueEditComment(owner, repo, id, body, actor);
  }

  /** Forgejo's older form of issueDeleteComment (see issueEditCommentDeprecated). */
  @Delete(':index/comments/:id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: "neither the comment's author nor a repository administrator" })
  issueDeleteCommentDeprecated(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) _index: number,
    @Param('id', new IdParam('comment')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    return this.issueDeleteComment(owner, repo, id, actor);
  }

  @Delete(':index')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  async issueDelete(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.issues.delete(await this.lookup.resolveIssue(owner, repo, index, actor));
  }

  @Get(':index')
  @ApiOkResponse({ type: ApiIssue })
  async issueGetIssue(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiIssue> {
    const { repoCtx, issue } = await this.lookup.resolveIssue(owner, repo, index, actor);
    return this.issues.get(repoCtx, issue, actor?.user);
  }

  /** Forgejo answers an edit with 201. */
  @Patch(':index')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiIssue })
  @ApiForbiddenResponse({ description: 'neither the poster nor a writer, or updated_at given without the right to back-date' })
  @ApiUnprocessableEntityResponse({ description: `${DATE_RULES}; or an unknown milestone or assignee` })
  async issueEditIssue(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: EditIssueOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiIssue> {
    return this.issues.edit(await this.lookup.resolveIssue(owner, repo, index, actor), body, actor);
  }

  @Get(':index/comments')
  @ApiQuery({ name: 'since', required: false, format: 'date-time' })
  @ApiQuery({ name: 'before', required: false, format: 'date-time' })
  @ApiOkResponse({ type: [ApiComment] })
  async issueGetComments(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiComment[]> {
    const resolved = await this.lookup.resolveIssue(owner, repo, index, actor);
    const period = { since: dateParam('since', since), before: dateParam('before', before) };
    return this.comments.listOfIssue(resolved, period, actor?.user);
  }

  @Post(':index/comments')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiComment })
  @ApiForbiddenResponse({ description: 'updated_at given without the right to back-date' })
  @ApiUnprocessableEntityResponse({ description: DATE_RULES })
  async issueCreateComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: CreateIssueCommentOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiComment> {
    return this.comments.create(await this.lookup.resolveIssue(owner, repo, index, actor), body.body, body.updated_at, actor);
  }

  @Get(':index/timeline')
  @ApiQuery({ name: 'since', required: false, format: 'date-time' })
  @ApiQuery({ name: 'before', required: false, format: 'date-time' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiTimelineComment] })
  async issueGetCommentsAndTimeline(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiTimelineComment>> {
    const resolved = await this.lookup.resolveIssue(owner, repo, index, actor);
    const period = { since: dateParam('since', since), before: dateParam('before', before) };
    return this.comments.timelineOf(resolved, period, paging, actor?.user);
  }
}
