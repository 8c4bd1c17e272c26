import { Inject, Injectable } from '@nestjs/common';
import { Owner } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiPullRequest } from '../pulls/dto/pull-request.dto';
import { RepoGit } from '../repo-files/repo-git';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { WebhookEvents } from '../webhooks/webhook-events';
import { HookIssueAction, PullRequestPayload } from './payloads/hook-payloads';

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
  async send(action: HookIssueAction, target: RepoGit, pull: ApiPullRequest, sender: Owner): Promise<void> {
    const payload: PullRequestPayload = {
      action,
      number: pull.number,
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
}
