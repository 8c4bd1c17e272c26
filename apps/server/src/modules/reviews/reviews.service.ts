import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  Optional,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  isDismissable,
  isVisibleTo,
  NewPullReviewComment,
  Owner,
  OwnerStore,
  PullRequestStore,
  PullRequestWithIssue,
  PullReview,
  PullReviewStore,
  refusalOf,
  reviewCommentLine,
  SUBMITTED_REVIEW_STATES,
  SubmittedReviewState,
} from '@bellows/domain';
import { ShapeContext, usersSeenBy } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { pullHeadRef } from '../pulls/pull-merges';
import { RepoGit } from '../repo-files/repo-git';
import { atLeast } from '../repositories/repo-permission';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { RepositoryRefs } from '../repositories/repository-refs';
import { PullWebhooks } from '../webhook-events/pull-webhooks.service';
import {
  ApiPullReview,
  ApiPullReviewComment,
  CreatePullReviewComment,
  CreatePullReviewOptions,
  PullReviewRequestOptions,
  ReviewShapeContext,
  SubmitPullReviewOptions,
  toApiPullReview,
  toApiPullReviewComment,
} from './dto/review.dto';

/** A pull request being reviewed, as the caller sees it. */
interface ReviewTarget {
  repo: RepoGit;
  pull: PullRequestWithIssue;
  headSha: string;
}

/**
 * The review use cases of a pull request (Forgejo's rules): anyone who may read
 * the repository reviews; a pending review is its author's alone until
 * submitted; only verdicts of writers are official; administrators of the
 * repository dismiss verdicts; the poster and writers ask for reviews.
 */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly pulls: PullRequestStore,
    private readonly reviews: PullReviewStore,
    private readonly owners: OwnerStore,
    private readonly refs: RepositoryRefs,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapeContext: ShapeContext,
    /** Webhooks' review events; optional so reviews work without them. */
    @Optional() private readonly webhooks?: PullWebhooks,
  ) {}

  async list(repo: RepoGit, index: number, viewer: Owner | undefined): Promise<ApiPullReview[]> {
    const target = await this.target(repo, index);
    const visible = (await this.reviews.list(target.pull.issueId)).filter((review) => isVisibleTo(review, viewer?.id));
    return this.shapeReviews(target, visible, viewer);
  }

  async get(repo: RepoGit, index: number, reviewId: number, viewer: Owner | undefined): Promise<ApiPullReview> {
    const target = await this.target(repo, index);
    return (await this.shapeReviews(target, [await this.visibleReview(target, reviewId, viewer)], viewer))[0];
  }

  /**
   * A new review: PENDING (the default) keeps a draft, adding to the reviewer's
   * existing draft if there is one; a verdict or COMMENT submits it at once
   * (the draft too, with the new comments).
   */
  async create(repo: RepoGit, index: number, options: CreatePullReviewOptions, reviewer: Owner): Promise<ApiPullReview> {
    const target = await this.target(repo, index);
    const state = eventOf(options.event, true);
    const comments = (options.comments ?? []).map(lineCommentOf);
    const body = options.body ?? '';
    const commitId = options.commit_id?.trim() || target.headSha;
    const draft = await this.reviews.findPending(target.pull.issueId, reviewer.id);
    if (state !== 'PENDING') this.checkSubmission(target, reviewer, state, body, comments.length + (await this.draftComments(draft)));
    let review = draft;
    if (review) await this.reviews.addComments(review, reviewer.id, comments);
    else
      review = await this.reviews.create(
        { issueId: target.pull.issueId, reviewerId: reviewer.id, state: 'PENDING', body, commitId, official: false, submittedAt: null },
        comments,
      );
    if (state !== 'PENDING') review = await this.submitDraft(target, review, reviewer, state, body, commitId);
    return (await this.shapeReviews(target, [review], reviewer))[0];
  }

  async submit(repo: RepoGit, index: number, reviewId: number, options: SubmitPullReviewOptions, reviewer: Owner): Promise<ApiPullReview> {
    const target = await this.target(repo, index);
    const review = await this.ownReview(target, reviewId, reviewer);
    if (review.state !== 'PENDING') throw new UnprocessableEntityException(`review ${reviewId} is submitted already`);
    const state = eventOf(options.event, false) as SubmittedReviewState;
    const body = options.body ?? review.body;
    this.checkSubmission(target, reviewer, state, body, await this.draftComments(review));
    const submitted = await this.submitDraft(target, review, reviewer, state, body, target.headSha);
    return (await this.shapeReviews(target, [submitted], reviewer))[0];
  }

  /** The reviewer or an administrator of the repository deletes a review (and its comments). */
  async delete(repo: RepoGit, index: number, reviewId: number, actor: Owner): Promise<void> {
    const target = await this.target(repo, index);
    const review = await this.visibleReview(target, reviewId, actor);
    if (review.reviewerId !== actor.id && !atLeast(repo.permission, 'admin')) {
      throw new ForbiddenException('only the reviewer or an administrator of the repository may delete a review');
    }
    if (!(await this.reviews.delete(review.id))) throw new NotFoundException(`review ${reviewId} does not exist`);
  }

  async setDismissed(repo: RepoGit, index: number, reviewId: number, dismissed: boolean, actor: Owner): Promise<ApiPullReview> {
    const target = await this.target(repo, index);
    if (!atLeast(repo.permission, 'admin')) throw new ForbiddenException('only administrators of the repository may dismiss reviews');
    const review = await this.visibleReview(target, reviewId, actor);
    if (!isDismissable(review)) throw new UnprocessableEntityException('only APPROVED and REQUEST_CHANGES reviews can be dismissed');
    if (!(await this.reviews.setDismissed(review.id, dismissed))) throw new NotFoundException(`review ${reviewId} does not exist`);
    return (await this.shapeReviews(target, [{ ...review, dismissed }], actor))[0];
  }

  async comments(repo: RepoGit, index: number, reviewId: number, viewer: Owner | undefined): Promise<ApiPullReviewComment[]> {
    const target = await this.target(repo, index);
    const review = await this.visibleReview(target, reviewId, viewer);
    const comments = await this.reviews.comments(review.id);
    const ctx = await this.shapeContextFor(
      target,
      viewer,
      comments.map((comment) => comment.authorId),
    );
    return comments.map((comment) => toApiPullReviewComment(comment, ctx));
  }

  async comment(
    repo: RepoGit,
    index: number,
    reviewId: number,
    commentId: number,
    viewer: Owner | undefined,
  ): Promise<ApiPullReviewComment> {
    const found = (await this.comments(repo, index, reviewId, viewer)).find((comment) => comment.id === commentId);
    if (!found) throw new NotFoundException(`comment ${commentId} does not exist in review ${reviewId}`);
    return found;
  }

  /** The reviewer adds a line comment to their own review. */
  async addComment(
    repo: RepoGit,
    index: number,
    reviewId: number,
    input: CreatePullReviewComment,
    reviewer: Owner,
  ): Promise<ApiPullReviewComment> {
    const target = await this.target(repo, index);
    const review = await this.ownReview(target, reviewId, reviewer);
    if (review.state === 'REQUEST_REVIEW') throw new UnprocessableEntityException('a request to review holds no comments');
    const [added] = await this.reviews.addComments(review, reviewer.id, [lineCommentOf(input)]);
    if (!added) throw new NotFoundException(`review ${reviewId} does not exist`);
    return toApiPullReviewComment(added, await this.shapeContextFor(target, reviewer, [reviewer.id]));
  }

  async deleteComment(repo: RepoGit, index: number, reviewId: number, commentId: number, actor: Owner): Promise<void> {
    const comment = await this.comment(repo, index, reviewId, commentId, actor);
    if (comment.user?.id !== actor.id && !atLeast(repo.permission, 'admin')) {
      throw new ForbiddenException('only the author or an administrator of the repository may delete a review comment');
    }
    if (!(await this.reviews.deleteComment(reviewId, commentId))) throw new NotFoundException(`comment ${commentId} does not exist`);
  }

  /** Asks users to review (the poster and writers may); each must exist, see the repository, and not be the poster. */
  async request(repo: RepoGit, index: number, options: PullReviewRequestOptions, actor: Owner): Promise<ApiPullReview[]> {
    const target = await this.target(repo, index);
    const reviewers = await this.reviewersOf(target, options, actor);
    const requests = await this.reviews.requestReviews(
      target.pull.issueId,
      reviewers.map((user) => user.id),
      target.headSha,
    );
    return this.shapeReviews(target, requests, actor);
  }

  async withdraw(repo: RepoGit, index: number, options: PullReviewRequestOptions, actor: Owner): Promise<void> {
    const target = await this.target(repo, index);
    const reviewers = await this.reviewersOf(target, options, actor);
    await this.reviews.withdrawRequests(
      target.pull.issueId,
      reviewers.map((user) => user.id),
    );
  }

  private async target(repo: RepoGit, index: number): Promise<ReviewTarget> {
    const pull = await this.pulls.findByIndex(repo.repo.id, index);
    if (!pull) throw new NotFoundException(`pull request #${index} does not exist`);
    // The head as the base repository holds it, also for a pull request from a fork.
    const headSha = (await this.refs.resolveRef(repo.path, pullHeadRef(index))) ?? pull.mergedCommitId ?? '';
    return { repo, pull, headSha };
  }

  private async visibleReview(target: ReviewTarget, reviewId: number, viewer: Owner | undefined): Promise<PullReview> {
    const review = await this.reviews.findById(target.pull.issueId, reviewId);
    if (!review || !isVisibleTo(review, viewer?.id)) throw new NotFoundException(`review ${reviewId} does not exist`);
    return review;
  }

  private async ownReview(target: ReviewTarget, reviewId: number, reviewer: Owner): Promise<PullReview> {
    const review = await this.visibleReview(target, reviewId, reviewer);
    if (review.reviewerId !== reviewer.id) throw new ForbiddenException(`review ${reviewId} is not yours`);
    return review;
  }

  private async draftComments(draft: PullReview | null): Promise<number> {
    return draft ? (await this.reviews.comments(draft.id)).length : 0;
  }

  private checkSubmission(target: ReviewTarget, reviewer: Owner, state: SubmittedReviewState, body: string, commentCount: number): void {
    const refusal = refusalOf({
      state,
      body,
      commentCount,
      byPoster: target.pull.issue.posterId === reviewer.id,
      pullIsClosed: target.pull.issue.isClosed,
    });
    if (refusal) throw new UnprocessableEntityException(refusal);
  }

  /** Submits the draft; a verdict of a writer is official; the reviewer's open request to review is answered. */
  private async submitDraft(
    target: ReviewTarget,
    draft: PullReview,
    reviewer: Owner,
    state: SubmittedReviewState,
    body: string,
    commitId: string,
  ): Promise<PullReview> {
    const official = state !== 'COMMENT' && atLeast(await this.access.permissionOf(target.repo.owner, target.repo.repo, reviewer), 'write');
    const submission = { state, body, commitId, official, submittedAt: new Date() };
    if (!(await this.reviews.submit(draft.id, submission)))
      throw new ConflictException(`review ${draft.id} was submitted or deleted meanwhile`);
    await this.reviews.withdrawRequests(target.pull.issueId, [reviewer.id]);
    await this.webhooks?.reviewed(target.repo, target.pull.issue.index, state, body, reviewer);
    return { ...draft, ...submission, updatedAt: submission.submittedAt };
  }

  private async reviewersOf(target: ReviewTarget, options: PullReviewRequestOptions, actor: Owner): Promise<Owner[]> {
    if (target.pull.issue.posterId !== actor.id && !atLeast(target.repo.permission, 'write')) {
      throw new ForbiddenException('only the poster and those who may write the repository ask for reviews');
    }
    if ((options.team_reviewers ?? []).length > 0)
      throw new UnprocessableEntityException('team_reviewers: asking teams to review is not offered; name users');
    const users: Owner[] = [];
    for (const name of options.reviewers ?? []) {
      const user = await this.owners.findByName(name);
      if (!user || user.kind !== 'user') throw new UnprocessableEntityException(`reviewers: user ${name} does not exist`);
      if (user.id === target.pull.issue.posterId) throw new UnprocessableEntityException(`reviewers: ${name} opened the pull request`);
      if ((await this.access.permissionOf(target.repo.owner, target.repo.repo, user)) === 'none') {
        throw new UnprocessableEntityException(`reviewers: ${name} may not read ${target.repo.owner.name}/${target.repo.repo.name}`);
      }
      users.push(user);
    }
    return users;
  }

  private async shapeReviews(target: ReviewTarget, reviews: readonly PullReview[], viewer: Owner | undefined): Promise<ApiPullReview[]> {
    const counts = await this.reviews.commentCounts(reviews.map((review) => review.id));
    const ctx = await this.shapeContextFor(
      target,
      viewer,
      reviews.map((review) => review.reviewerId),
    );
    return reviews.map((review) => toApiPullReview(review, counts.get(review.id) ?? 0, ctx));
  }

  private async shapeContextFor(target: ReviewTarget, viewer: Owner | undefined, userIds: readonly number[]): Promise<ReviewShapeContext> {
    const people = new Map<number, Owner>();
    for (const id of new Set(userIds)) {
      const person = await this.owners.findById(id);
      if (person) people.set(id, person);
    }
    return {
      pullHtml: `${target.repo.urls.html}/pulls/${target.pull.issue.index}`,
      headSha: target.headSha,
      users: usersSeenBy(viewer, this.shapeContext),
      people,
    };
  }
}

/** The review state an `event` asks for; 422 for anything else. */
function eventOf(event: string | undefined, mayBePending: boolean): SubmittedReviewState | 'PENDING' {
  const state = (event ?? '').trim().toUpperCase();
  if (mayBePending && (state === '' || state === 'PENDING')) return 'PENDING';
  if ((SUBMITTED_REVIEW_STATES as readonly string[]).includes(state)) return state as SubmittedReviewState;
  throw new UnprocessableEntityException(
    `event must be one of ${[...(mayBePending ? ['PENDING'] : []), ...SUBMITTED_REVIEW_STATES].join(', ')}`,
  );
}

function lineCommentOf(input: CreatePullReviewComment): NewPullReviewComment {
  const path = input.path.trim().replace(/^\/+/, '');
  if (path === '') throw new UnprocessableEntityException('comments: path must name a file');
  if (input.body.trim() === '') throw new UnprocessableEntityException(`comments: the comment on ${path} has no body`);
  const line = reviewCommentLine({ newPosition: input.new_position, oldPosition: input.old_position });
  if (typeof line === 'string') throw new UnprocessableEntityException(`comments: ${line}`);
  return { path, line, body: input.body };
}
