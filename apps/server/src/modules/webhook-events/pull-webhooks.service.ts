import { Inject, Injectable } from '@nestjs/common';
import { Owner, PullRequestWithIssue } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiPullRequest } from '../pulls/dto/pull-request.dto';
import { RepoGit } from '../repo-files/repo-git';
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
  constructor(
    private readonly hooks: WebhookEvents,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  /**
   * `opened` when a pull request is opened; `closed` when it is merged, the
   * pull request read again after the merge so that it shows `merged` and the
   * merge commit. The pull request is the API's JSON of it for an anonymous
   * reader (PullsService shapes it: this service cannot, as PullsService sends
   * through it).
   */
  async send(action: HookIssueAction, target: RepoGit, pull: ApiPullRequest, sender: Owner, changes?: HookChanges): Promise<void> {
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
      review: null,
    };
    await this.hooks.enqueueNow({
      event: 'pull_request',
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
}
