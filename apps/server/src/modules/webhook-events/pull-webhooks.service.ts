import { Inject, Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Owner, OwnerStore, PullRequestWithIssue, RepositoryStore, SubmittedReviewState } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiPullRequest } from '../pulls/dto/pull-request.dto';
import { RepoGit } from '../repo-files/repo-git';
import { RepoUrls } from '../repo-files/repo-urls';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { WebhookEvents } from '../webhooks/webhook-events';
import { editChanges, HookChanges, HookIssueAction, PullRequestPayload } from './payloads/hook-payloads';

/**
 * `pull_request` events as Forgejo sends them, with the pull request as the
 * API shows it to an anonymous reader. Opening and merging a pull request
 * change git and rows one after the other (no single unit of work), so the
 * event is queued in a transaction of its own once the change is stored.
 */
@Injectable()
export class PullWebhooks {
  private readonly logger = new Logger(PullWebhooks.name);

  constructor(
    private readonly hooks: WebhookEvents,
    private readonly modules: ModuleRef,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  /**
   * `opened` when a pull request is opened; `closed` when it is merged, the
   * pull request read again after the merge so that it shows `merged` and the
   * merge commit. The pull request is the API's JSON of it for an anonymous
   * reader (PullsService shapes it: this service cannot, as PullsService sends
   * through it).
   */
  async send(
    action: HookIssueAction,
    target: RepoGit,
    pull: ApiPullRequest,
    sender: Owner,
    changes?: HookChanges,
    review?: { event: ReviewHookEvent; content: string },
    event: 'pull_request' | 'pull_request_sync' = 'pull_request',
  ): Promise<void> {
    const payload: PullRequestPayload = {
      action,
      number: pull.number,
      ...(changes ? { changes } : {}),
      pull_request: pull,
      requested_reviewer: null,
      // Forgejo renders the repository of a payload with the owner's access.
      repository: toApiRepository(target.repo, target.owner, 'owner', undefined, this.ctx),
      sender: toApiUser(sender, undefined, this.ctx),
      commit_id: '',
      review: review ? { type: review.event, content: review.content } : null,
    };
    await this.hooks.enqueueNow({
      event: review?.event ?? event,
      repoId: target.repo.id,
      ownerId: target.owner.id,
      branch: pull.base.ref,
      payload,
    });
  }

  /**
   * The events of an edit (pullRequestEdit), in Forgejo's order: `edited`
   * with the old title, body or base branch (`changes.ref.from`), then
   * `closed` or `reopened`. `shape` gives the pull request as it is now, read
   * only when there is an event to send.
   */
  async edited(
    target: RepoGit,
    before: PullRequestWithIssue,
    after: PullRequestWithIssue,
    shape: () => Promise<ApiPullRequest>,
    sender: Owner,
  ): Promise<void> {
    const changes: HookChanges = editChanges(before.issue, after.issue) ?? {};
    if (after.baseBranch !== before.baseBranch) changes.ref = { from: before.baseBranch };
    const actions: Array<[HookIssueAction, HookChanges | undefined]> = [];
    if (Object.keys(changes).length) actions.push(['edited', changes]);
    if (after.issue.isClosed !== before.issue.isClosed) actions.push([after.issue.isClosed ? 'closed' : 'reopened', undefined]);
    if (!actions.length) return;
    const pull = await shape();
    for (const [action, actionChanges] of actions) await this.send(action, target, pull, sender, actionChanges);
  }

  /**
   * A submitted review: `reviewed`, under the event type of its verdict
   * (`pull_request_review_approved`, `_rejected` for requested changes,
   * `_comment`), with `review.type` and `review.content` as Forgejo sends them.
   */
  async reviewed(target: RepoGit, index: number, state: SubmittedReviewState, content: string, reviewer: Owner): Promise<void> {
    // Imported when needed: PullsService itself sends through this service, so a static import would be a cycle.
    const { PullsService } = await import('../pulls/pulls.service');
    const pull = await this.modules.get(PullsService, { strict: false }).get(target, index, undefined);
    await this.send('reviewed', target, pull, reviewer, undefined, { event: REVIEW_EVENTS[state], content });
  }

  /**
   * `pull_request_sync` `synchronized`: the head branch of an open pull request
   * moved (a push, a commit through the API, a push to the fork it comes
   * from). The sender is the pusher, or the pull request's poster when the
   * move was seen without one. A failure is logged: it never fails the push
   * or the read that noticed the move.
   */
  async synchronized(repoPath: string, pull: PullRequestWithIssue, pusher: Owner | undefined): Promise<void> {
    try {
      const repo = await this.repositories.findById(pull.issue.repoId);
      const [owner, poster] = await Promise.all([
        repo ? this.owners.findById(repo.ownerId) : null,
        pusher ?? (pull.issue.posterId === null ? null : this.owners.findById(pull.issue.posterId)),
      ]);
      if (!repo || !owner || !poster) return;
      // The base repository as its owner sees it: the event is about it, not about what a caller may read.
      const target: RepoGit = {
        owner,
        repo,
        permission: 'owner',
        path: repoPath,
        urls: new RepoUrls(this.ctx.rootUrl, owner, repo),
        canWrite: true,
      };
      const { PullsService } = await import('../pulls/pulls.service');
      const shaped = await this.modules.get(PullsService, { strict: false }).get(target, pull.issue.index, undefined);
      await this.send('synchronized', target, shaped, poster, undefined, undefined, 'pull_request_sync');
    } catch (error) {
      this.logger.error(`could not queue the pull_request_sync event of pull request ${pull.id}: ${error}`);
    }
  }
}

type ReviewHookEvent = 'pull_request_review_approved' | 'pull_request_review_rejected' | 'pull_request_review_comment';

const REVIEW_EVENTS: Record<SubmittedReviewState, ReviewHookEvent> = {
  APPROVED: 'pull_request_review_approved',
  REQUEST_CHANGES: 'pull_request_review_rejected',
  COMMENT: 'pull_request_review_comment',
};
