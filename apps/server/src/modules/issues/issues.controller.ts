import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Database } from '@bellows/persistence-typeorm';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { CommentsService } from './comments.service';
import { CreateIssueCommentOption, CreateIssueOption, EditIssueCommentOption, EditIssueOption } from './dto/issue-options.dto';
import { dateParam, issueFilterFrom, IssueListParams } from './issue-list-query';
import { IssueLookup } from './issue-lookup.service';
import { ApiComment, ApiIssue, ApiTimelineComment } from './issue-shapes';
import { IssueShaper } from './issue-shaper.service';
import { IssuesService } from './issues.service';
import { CommentType } from './timeline-types';

const DATE_RULES = 'updated_at out of range (before the issue was created, or in the future) or malformed';

/** Issues, their comments and timelines: `/repos/{owner}/{repo}/issues…`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues')
export class IssuesController {
  constructor(
    private readonly db: Database,
    private readonly access: RepositoryAccess,
    private readonly lookup: IssueLookup,
    private readonly issues: IssuesService,
    private readonly comments: CommentsService,
    private readonly shaper: IssueShaper,
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
    const [issues, total] = await this.issues.list(await issueFilterFrom(this.db, repoCtx, params), paging);
    return new PageOf(await this.shaper.issues(issues, repoCtx, actor?.user), total, paging);
  }

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiIssue })
  @ApiUnprocessableEntityResponse({ description: 'invalid input, or an unknown milestone, label or assignee' })
  async issueCreateIssue(@Param('owner') owner: string, @Param('repo') repo: string, @Body() body: CreateIssueOption, @CurrentActor() actor: Actor): Promise<ApiIssue> {
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
    const [comments, total] = await this.db.comments.listOfRepository(repoCtx.repo.id, [CommentType.Comment], period, paging.offset, paging.limit);
    return new PageOf(comments.map((c) => this.shaper.comment(c, c.issue!, repoCtx, actor?.user)), total, paging);
  }

  @Get('comments/:id')
  @ApiOkResponse({ type: ApiComment })
  async issueGetComment(@Param('owner') owner: string, @Param('repo') repo: string, @Param('id') id: string, @CurrentActor() actor: Actor | undefined): Promise<ApiComment> {
    const { repoCtx, issue, comment } = await this.lookup.resolveComment(owner, repo, id, actor);
    return this.shaper.comment(comment, issue, repoCtx, actor?.user);
  }

  @Patch('comments/:id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiComment })
  @ApiForbiddenResponse({ description: "neither the comment's author nor a repository administrator, or updated_at given without the right to back-date" })
  @ApiUnprocessableEntityResponse({ description: DATE_RULES })
  async issueEditComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Body() body: EditIssueCommentOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiComment> {
    const resolved = await this.lookup.resolveComment(owner, repo, id, actor);
    const comment = await this.comments.edit(resolved, body.body, body.updated_at, actor);
    return this.shaper.comment(comment, resolved.issue, resolved.repoCtx, actor.user);
  }

  @Delete('comments/:id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: "neither the comment's author nor a repository administrator" })
  async issueDeleteComment(@Param('owner') owner: string, @Param('repo') repo: string, @Param('id') id: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.comments.delete(await this.lookup.resolveComment(owner, repo, id, actor), actor);
  }

  @Delete(':index')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  async issueDelete(@Param('owner') owner: string, @Param('repo') repo: string, @Param('index') index: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.issues.delete(await this.lookup.resolveIssue(owner, repo, index, actor));
  }

  @Get(':index')
  @ApiOkResponse({ type: ApiIssue })
  async issueGetIssue(@Param('owner') owner: string, @Param('repo') repo: string, @Param('index') index: string, @CurrentActor() actor: Actor | undefined): Promise<ApiIssue> {
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
    @Param('index') index: string,
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
    @Param('index') index: string,
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiComment[]> {
    const { repoCtx, issue } = await this.lookup.resolveIssue(owner, repo, index, actor);
    const period = { since: dateParam('since', since), before: dateParam('before', before) };
    const [comments] = await this.db.comments.listOfIssue(issue.id, period, [CommentType.Comment]);
    return comments.map((c) => this.shaper.comment(c, issue, repoCtx, actor?.user));
  }

  @Post(':index/comments')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiComment })
  @ApiForbiddenResponse({ description: 'updated_at given without the right to back-date' })
  @ApiUnprocessableEntityResponse({ description: DATE_RULES })
  async issueCreateComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Body() body: CreateIssueCommentOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiComment> {
    const resolved = await this.lookup.resolveIssue(owner, repo, index, actor);
    const comment = await this.comments.create(resolved, body.body, body.updated_at, actor);
    return this.shaper.comment(comment, resolved.issue, resolved.repoCtx, actor.user);
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
    @Param('index') index: string,
    @Query('since') since: unknown,
    @Query('before') before: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiTimelineComment>> {
    const { repoCtx, issue } = await this.lookup.resolveIssue(owner, repo, index, actor);
    const period = { since: dateParam('since', since), before: dateParam('before', before) };
    const [entries, total] = await this.db.comments.listOfIssue(issue.id, period, undefined, { skip: paging.offset, take: paging.limit });
    return new PageOf(await this.shaper.timeline(entries, issue, repoCtx, actor?.user), total, paging);
  }
}
