import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Put, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { ApiUser } from '../accounts/dto/user.dto';
import { IssueLookup } from '../issues/issue-lookup.service';
import { ApiWatchInfo } from '../watches/watch-info.dto';
import { IssueSubscriptionsService, SubscriptionChange } from './issue-subscriptions.service';

const FORBIDDEN = 'neither the user themself nor a site administrator';

/** Subscriptions to an issue or pull request: `/repos/{owner}/{repo}/issues/{index}/subscriptions…`. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/issues/:index/subscriptions')
export class IssueSubscriptionsController {
  constructor(
    private readonly lookup: IssueLookup,
    private readonly subscriptions: IssueSubscriptionsService,
  ) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiUser], description: 'the users explicitly subscribed' })
  async issueSubscriptions(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    return this.subscriptions.subscribers(await this.lookup.resolveIssue(owner, repo, index, actor), actor, paging);
  }

  @Get('check')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiWatchInfo })
  async issueCheckSubscription(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<ApiWatchInfo> {
    return this.subscriptions.check(await this.lookup.resolveIssue(owner, repo, index, actor), actor);
  }

  @Put(':user')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ description: 'subscribed' })
  @ApiOkResponse({ description: 'already subscribed' })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  async issueAddSubscription(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Param('user') user: string,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const resolved = await this.lookup.resolveIssue(owner, repo, index, actor);
    answer(reply, await this.subscriptions.set(resolved, user, true, actor));
  }

  @Delete(':user')
  @HttpCode(201)
  @RequireSignIn()
  @ApiCreatedResponse({ description: 'unsubscribed' })
  @ApiOkResponse({ description: 'already unsubscribed' })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  async issueDeleteSubscription(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Param('user') user: string,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const resolved = await this.lookup.resolveIssue(owner, repo, index, actor);
    answer(reply, await this.subscriptions.set(resolved, user, false, actor));
  }
}

/** Forgejo answers 201 when the subscription changed, 200 when it was already so; both without a body. */
function answer(reply: FastifyReply, change: SubscriptionChange): void {
  reply.status(change === 'changed' ? HttpStatus.CREATED : HttpStatus.OK);
}
