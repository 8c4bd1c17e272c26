import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { IssueLookup } from '../issues/issue-lookup.service';
import { ApiReaction, EditReactionOption } from './reaction.dto';
import { ReactionAnswer, ReactionsService } from './reactions.service';

const NOT_ALLOWED = 'not one of the allowed reactions (GET /settings/ui)';

/** Reactions on an issue or pull request, and on a comment: `/repos/{owner}/{repo}/issues/…/reactions`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues')
export class ReactionsController {
  constructor(
    private readonly lookup: IssueLookup,
    private readonly reactions: ReactionsService,
  ) {}

  @Get(':index/reactions')
  @paged()
  @ApiOkResponse({ type: [ApiReaction] })
  async issueGetIssueReactions(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiReaction>> {
    const { issue } = await this.lookup.resolveIssue(owner, repo, index, actor);
    return this.reactions.list({ issueId: issue.id, commentId: null }, actor, paging);
  }

  @Post(':index/reactions')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiReaction, description: 'added' })
  @ApiOkResponse({ type: ApiReaction, description: 'left before' })
  @ApiForbiddenResponse({ description: NOT_ALLOWED })
  async issuePostIssueReaction(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: EditReactionOption,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiReaction> {
    const { issue } = await this.lookup.resolveIssue(owner, repo, index, actor);
    return answer(reply, await this.reactions.add({ issueId: issue.id, commentId: null }, body.content, actor));
  }

  /** Forgejo answers 200 without a body. */
  @Delete(':index/reactions')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ description: 'taken back (or never left)' })
  async issueDeleteIssueReaction(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Body() body: EditReactionOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const { issue } = await this.lookup.resolveIssue(owner, repo, index, actor);
    await this.reactions.remove({ issueId: issue.id, commentId: null }, body.content, actor);
  }

  @Get('comments/:id/reactions')
  @ApiOkResponse({ type: [ApiReaction] })
  async issueGetCommentReactions(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('comment')) id: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiReaction[]> {
    const { issue, comment } = await this.lookup.resolveComment(owner, repo, id, actor);
    // Forgejo answers a comment's reactions unpaged.
    const all: PageRequest = { page: 1, limit: Number.MAX_SAFE_INTEGER, offset: 0 };
    return (await this.reactions.list({ issueId: issue.id, commentId: comment.id }, actor, all)).items;
  }

  @Post('comments/:id/reactions')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiReaction, description: 'added' })
  @ApiOkResponse({ type: ApiReaction, description: 'left before' })
  @ApiForbiddenResponse({ description: NOT_ALLOWED })
  async issuePostCommentReaction(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('comment')) id: number,
    @Body() body: EditReactionOption,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiReaction> {
    const { issue, comment } = await this.lookup.resolveComment(owner, repo, id, actor);
    return answer(reply, await this.reactions.add({ issueId: issue.id, commentId: comment.id }, body.content, actor));
  }

  @Delete('comments/:id/reactions')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ description: 'taken back (or never left)' })
  async issueDeleteCommentReaction(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('comment')) id: number,
    @Body() body: EditReactionOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const { issue, comment } = await this.lookup.resolveComment(owner, repo, id, actor);
    await this.reactions.remove({ issueId: issue.id, commentId: comment.id }, body.content, actor);
  }
}

/** 201 for a reaction just added, 200 for one left before; both with the reaction. */
function answer(reply: FastifyReply, { reaction, created }: ReactionAnswer): ApiReaction {
  reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
  return reaction;
}
