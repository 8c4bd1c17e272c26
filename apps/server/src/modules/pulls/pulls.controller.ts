import {
  Body,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { PullRequestState } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiChangedFile, ApiCommit, toApiChangedFile, toApiCommit } from '../repo-files/dto/commit.dto';
import { queryText } from '../repo-files/query-flag';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiPullRequest, CreatePullRequestOption, EditPullRequestOption } from './dto/pull-request.dto';
import { MergePullRequestOption } from './dto/merge-pull-request.dto';
import { PullMergeService } from './pull-merge.service';
import { PullsService } from './pulls.service';
import { parseId } from '../../http/id-param.pipe';

const STATES: readonly PullRequestState[] = ['open', 'closed', 'all'];
const DIFF_TYPES = ['diff', 'patch'] as const;

/** Pull requests of a repository: `/repos/{owner}/{repo}/pulls…`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/pulls')
export class PullsController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly pulls: PullsService,
    private readonly merges: PullMergeService,
  ) {}

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiPullRequest })
  @ApiUnprocessableEntityResponse({ description: 'a branch is missing, head equals base, or the input is invalid' })
  @ApiConflictResponse({ description: 'an open pull request for the same head and base exists' })
  async repoCreatePullRequest(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreatePullRequestOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullRequest> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.pulls.create(target, body, actor.user);
  }

  @Get()
  @ApiQuery({ name: 'state', required: false, enum: STATES })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiPullRequest] })
  async repoListPullRequests(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query('state') rawState: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiPullRequest>> {
    const state = (queryText(rawState) ?? 'open') as PullRequestState;
    if (!STATES.includes(state)) throw new UnprocessableEntityException(`state must be one of ${STATES.join(', ')}`);
    const target = await this.repos.forReading(owner, repo, actor);
    const [items, total] = await this.pulls.list(target, state, paging, actor?.user);
    return new PageOf(items, total, paging);
  }

  /** The pull request's changes as text (`.diff` or `.patch`), streamed from git. */
  @Get(':index.:diffType')
  @ApiParam({ name: 'diffType', enum: DIFF_TYPES })
  @ApiQuery({ name: 'binary', required: false, type: 'boolean', description: 'include binary files' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'from the merge base to the head (`diff`), or one mail per commit (`patch`)', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'no such pull request' })
  async repoDownloadPullDiffOrPatch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Param('diffType') diffType: string,
    @Query('binary') binary: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!(DIFF_TYPES as readonly string[]).includes(diffType)) throw new NotFoundException(`.${diffType} is neither .diff nor .patch`);
    const target = await this.repos.forReading(owner, repo, actor);
    const kind = diffType as (typeof DIFF_TYPES)[number];
    const stream = await this.pulls.diff(target, pullNumber(index), kind, queryText(binary) === 'true');
    await reply.header('content-type', 'text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(stream.output);
  }

  @Get(':index')
  @ApiOkResponse({ type: ApiPullRequest })
  async repoGetPullRequest(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullRequest> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.pulls.get(target, pullNumber(index), actor?.user);
  }

  /** The pull request proposing `head` for `base` (Forgejo's `repoGetPullRequestByBaseHead`). */
  @Get(':base/:head')
  @ApiOkResponse({ type: ApiPullRequest })
  @ApiNotFoundResponse({ description: 'no pull request proposes head for base' })
  async repoGetPullRequestByBaseHead(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('base') base: string,
    @Param('head') head: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullRequest> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.pulls.getByBranches(target, base, head, actor?.user);
  }

  /** Forgejo answers an edit with 201. */
  @Patch(':index')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiPullRequest })
  @ApiForbiddenResponse({ description: 'neither the poster nor a writer' })
  @ApiConflictResponse({ description: 'another open pull request proposes the same branches' })
  @ApiUnprocessableEntityResponse({ description: 'invalid input or a missing branch' })
  async repoEditPullRequest(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Body() body: EditPullRequestOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullRequest> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.pulls.edit(target, pullNumber(index), body, actor.user);
  }

  @Get(':index/commits')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiCommit] })
  async repoGetPullRequestCommits(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiCommit>> {
    const target = await this.repos.forReading(owner, repo, actor);
    const page = await this.pulls.commits(target, pullNumber(index), paging);
    const accounts = await this.repos.commitAccounts(page.items, actor);
    return new PageOf(
      page.items.map((commit) => toApiCommit(commit, target.urls, accounts)),
      page.total,
      paging,
    );
  }

  @Get(':index/files')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiChangedFile] })
  async repoGetPullRequestFiles(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiChangedFile>> {
    const target = await this.repos.forReading(owner, repo, actor);
    const { files, headSha } = await this.pulls.files(target, pullNumber(index));
    const page = files.slice(paging.offset, paging.offset + paging.limit);
    return new PageOf(
      page.map((file) => toApiChangedFile(file, target.urls, headSha)),
      files.length,
      paging,
    );
  }

  /** 204 when merged; 404 without a body when not, as Forgejo describes it (404 with a message when the caller may not see it). */
  @Get(':index/merge')
  @ApiNoContentResponse({ description: 'the pull request has been merged' })
  @ApiNotFoundResponse({ description: 'the pull request has not been merged' })
  async repoPullRequestIsMerged(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @CurrentActor() actor: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const target = await this.repos.forReading(owner, repo, actor);
    const pull = await this.pulls.find(target, pullNumber(index));
    reply.status(this.merges.isMerged(pull) ? 204 : 404);
  }

  /** Brings the head branch up to date with the base: `style=rebase` replays it, anything else merges. */
  @Post(':index/update')
  @HttpCode(200)
  @RequireSignIn()
  @ApiQuery({ name: 'style', required: false, enum: ['merge', 'rebase'] })
  @ApiOkResponse({ description: 'updated (or up to date already)' })
  @ApiForbiddenResponse({ description: 'the caller may not write the head branch' })
  @ApiConflictResponse({ description: 'the update conflicts, or the head moved meanwhile' })
  @ApiUnprocessableEntityResponse({ description: 'the pull request is merged or closed' })
  async repoUpdatePullRequest(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Query('style') style: unknown,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const target = await this.repos.forReading(owner, repo, actor);
    const pull = await this.pulls.find(target, pullNumber(index));
    await this.merges.update(target, pull, queryText(style) === 'rebase' ? 'rebase' : 'merge', actor.user);
  }

  /** Forgejo answers a merge with an empty 200. */
  @Post(':index/merge')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ description: 'merged' })
  @ApiResponse({ status: 405, description: 'merged already, not mergeable (conflicts), style impossible, or the caller may not merge' })
  @ApiConflictResponse({ description: 'the head is not head_commit_id, the base moved meanwhile, or a rebase conflicts' })
  @ApiNotFoundResponse({ description: 'no such pull request, or it is closed' })
  async repoMergePullRequest(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index') index: string,
    @Body() body: MergePullRequestOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const target = await this.repos.forReading(owner, repo, actor);
    const pull = await this.pulls.find(target, pullNumber(index));
    await this.merges.merge(target, pull, body, actor.user);
  }
}

/** The number in the path; anything else names no pull request (the service answers 404). */
function pullNumber(raw: string): number {
  return parseId(raw) ?? -1;
}
