import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { RepoGitResolver } from '../repo-files/repo-git';
import {
  ApiPullReview,
  ApiPullReviewComment,
  CreatePullReviewComment,
  CreatePullReviewOptions,
  DismissPullReviewOptions,
  PullReviewRequestOptions,
  SubmitPullReviewOptions,
} from './dto/review.dto';
import { ReviewsService } from './reviews.service';

const PULL = new IdParam('pull request');
const REVIEW = new IdParam('review');
const COMMENT = new IdParam('comment');

/** Reviews of a pull request: `/repos/{owner}/{repo}/pulls/{index}/reviews…` and `…/requested_reviewers`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/pulls/:index')
export class ReviewsController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly reviews: ReviewsService,
  ) {}

  @Get('reviews')
  @ApiOkResponse({ type: [ApiPullReview] })
  async repoListPullReviews(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullReview[]> {
    return this.reviews.list(await this.repos.forReading(owner, repo, actor), index, actor?.user);
  }

  @Post('reviews')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: ApiPullReview })
  @ApiUnprocessableEntityResponse({
    description: 'a bad event, a verdict on your own or a closed pull request, or a review with nothing said',
  })
  async repoCreatePullReview(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Body() body: CreatePullReviewOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullReview> {
    return this.reviews.create(await this.repos.forReading(owner, repo, actor), index, body, actor.user);
  }

  @Get('reviews/:id')
  @ApiOkResponse({ type: ApiPullReview })
  async repoGetPullReview(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullReview> {
    return this.reviews.get(await this.repos.forReading(owner, repo, actor), index, id, actor?.user);
  }

  @Post('reviews/:id')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: ApiPullReview })
  @ApiForbiddenResponse({ description: 'not your review' })
  @ApiUnprocessableEntityResponse({ description: 'submitted already, a bad event, or a verdict the rules refuse' })
  async repoSubmitPullReview(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @Body() body: SubmitPullReviewOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullReview> {
    return this.reviews.submit(await this.repos.forReading(owner, repo, actor), index, id, body, actor.user);
  }

  @Delete('reviews/:id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'deleted, with its comments' })
  @ApiForbiddenResponse({ description: 'neither the reviewer nor an administrator of the repository' })
  async repoDeletePullReview(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.reviews.delete(await this.repos.forReading(owner, repo, actor), index, id, actor.user);
  }

  @Get('reviews/:id/comments')
  @ApiOkResponse({ type: [ApiPullReviewComment] })
  async repoGetPullReviewComments(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullReviewComment[]> {
    return this.reviews.comments(await this.repos.forReading(owner, repo, actor), index, id, actor?.user);
  }

  @Post('reviews/:id/comments')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: ApiPullReviewComment })
  @ApiForbiddenResponse({ description: 'not your review' })
  async repoCreatePullReviewComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @Body() body: CreatePullReviewComment,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullReviewComment> {
    return this.reviews.addComment(await this.repos.forReading(owner, repo, actor), index, id, body, actor.user);
  }

  @Get('reviews/:id/comments/:comment')
  @ApiOkResponse({ type: ApiPullReviewComment })
  async repoGetPullReviewComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @Param('comment', COMMENT) comment: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullReviewComment> {
    return this.reviews.comment(await this.repos.forReading(owner, repo, actor), index, id, comment, actor?.user);
  }

  @Delete('reviews/:id/comments/:comment')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiForbiddenResponse({ description: 'neither the author nor an administrator of the repository' })
  async repoDeletePullReviewComment(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @Param('comment', COMMENT) comment: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.reviews.deleteComment(await this.repos.forReading(owner, repo, actor), index, id, comment, actor.user);
  }

  @Post('reviews/:id/dismissals')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: ApiPullReview })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  @ApiUnprocessableEntityResponse({ description: 'not an APPROVED or REQUEST_CHANGES review' })
  async repoDismissPullReview(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @Body() _body: DismissPullReviewOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullReview> {
    return this.reviews.setDismissed(await this.repos.forReading(owner, repo, actor), index, id, true, actor.user);
  }

  @Post('reviews/:id/undismissals')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: ApiPullReview })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  @ApiUnprocessableEntityResponse({ description: 'not an APPROVED or REQUEST_CHANGES review' })
  async repoUnDismissPullReview(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Param('id', REVIEW) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullReview> {
    return this.reviews.setDismissed(await this.repos.forReading(owner, repo, actor), index, id, false, actor.user);
  }

  @Post('requested_reviewers')
  @RequireSignIn()
  @ApiCreatedResponse({ type: [ApiPullReview] })
  @ApiForbiddenResponse({ description: 'neither the poster nor a writer' })
  @ApiUnprocessableEntityResponse({ description: 'a reviewer does not exist, may not read the repository, or is the poster' })
  async repoCreatePullReviewRequests(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Body() body: PullReviewRequestOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiPullReview[]> {
    return this.reviews.request(await this.repos.forReading(owner, repo, actor), index, body, actor.user);
  }

  @Delete('requested_reviewers')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'the requests are withdrawn' })
  @ApiForbiddenResponse({ description: 'neither the poster nor a writer' })
  async repoDeletePullReviewRequests(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', PULL) index: number,
    @Body() body: PullReviewRequestOptions,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.reviews.withdraw(await this.repos.forReading(owner, repo, actor), index, body, actor.user);
  }
}
