import { Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { isFromAnotherRepository, Owner, PullRequestStore, PullRequestWithIssue, Repository } from '@bellows/domain';
import { CommentType } from '../issues/timeline-types';
import { withGitErrors } from '../repo-files/git-errors';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepositoryService } from '../repositories/repository.service';
import { ForkPullHeads } from './fork-pull-heads';
import { PullMerges, pullHeadRef } from './pull-merges';
import { PullWebhooks } from '../webhook-events/pull-webhooks.service';

/** Open pull requests read per page while following a write. */
const PAGE = 100;

/**
 * `refs/pull/{index}/head` in the base repository, as Forgejo keeps it: the
 * head a pull request proposes, which a merge merges. It follows the head
 * branch while the pull request is open: set when it is opened, and after
 * every write to the repository's git data (push over HTTP or SSH, commit
 * through the API, merge; see RepositoryService.followGitWrites), and checked
 * again when it is read or merged. It keeps the last head once the pull
 * request is merged or closed, or when the branch is deleted.
 */
@Injectable()
export class PullHeads implements OnModuleInit {
  private readonly logger = new Logger(PullHeads.name);

  constructor(
    private readonly refs: RepositoryRefs,
    private readonly merges: PullMerges,
    private readonly pullRequests: PullRequestStore,
    private readonly repositories: RepositoryService,
    private readonly forkHeads: ForkPullHeads,
    private readonly history: RepositoryHistory,
    /** Webhooks' `pull_request_sync` events; optional so pull requests work without them. */
    @Optional() private readonly webhooks?: PullWebhooks,
  ) {}

  onModuleInit(): void {
    this.repositories.followGitWrites((repo, repoPath, writer) => this.followWrite(repo, repoPath, writer));
  }

  /** The pull request's head commit now; undefined when neither the branch nor the ref exists. */
  async sync(repoPath: string, pull: PullRequestWithIssue, pusher?: Owner): Promise<string | undefined> {
    if (isFromAnotherRepository(pull)) return this.forkHeads.sync(repoPath, pull);
    return withGitErrors(async () => {
      const ref = pullHeadRef(pull.issue.index);
      const [branchSha, kept] = await Promise.all([this.refs.branchTip(repoPath, pull.headBranch), this.refs.resolveRef(repoPath, ref)]);
      if (pull.issue.isClosed || branchSha === undefined) return kept ?? branchSha;
      // Moved only from the value read: of two writes handled at once (on one instance or two), one records the move.
      if (branchSha !== kept && (await this.merges.setRef(repoPath, ref, branchSha, kept ?? ''))) {
        if (kept !== undefined) {
          await this.recordPush(repoPath, pull, kept, branchSha, pusher);
          await this.webhooks?.synchronized(repoPath, pull, pusher);
        }
      }
      return branchSha;
    });
  }

  /**
   * The `pull_push` timeline entry of a head that moved, as Forgejo writes it: the
   * commits it brought (oldest first, at most 100), or the old and new head of a
   * force push. Its poster is the pusher when known (a push seen only on a later
   * read has none).
   */
  private async recordPush(
    repoPath: string,
    pull: PullRequestWithIssue,
    from: string,
    to: string,
    pusher: Owner | undefined,
  ): Promise<void> {
    const forced = !(await this.history.isAncestor(repoPath, from, to));
    const commitIds = forced
      ? [from, to]
      : (await this.history.commitsBetween(repoPath, from, to, { limit: 100 })).items.map((c) => c.sha).reverse();
    const content = JSON.stringify({ is_force_push: forced, commit_ids: commitIds });
    const event = { issueId: pull.issueId, type: CommentType.PullPush, posterId: pusher?.id ?? null, createdAt: new Date(), content };
    await this.pullRequests.update(pull, {}, [event]);
  }

  /** Brings every open pull request's ref up to date; a failure is logged, never the writer's problem. */
  private async followWrite(repo: Repository, repoPath: string, writer?: Owner): Promise<void> {
    try {
      for (let skip = 0; ; skip += PAGE) {
        const [pulls] = await this.pullRequests.list(repo.id, 'open', skip, PAGE);
        for (const pull of pulls) await this.sync(repoPath, pull, writer);
        if (pulls.length < PAGE) break;
      }
      // A push to a fork moves the pull requests it proposes to its parent.
      await this.forkHeads.followFork(repo, (basePath, pull) => this.sync(basePath, pull));
    } catch (error) {
      this.logger.error(`could not bring the pull request refs of repository ${repo.id} up to date: ${error}`);
    }
  }
}
