import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { isFromAnotherRepository, PullRequestStore, PullRequestWithIssue, Repository } from '@bellows/domain';
import { withGitErrors } from '../repo-files/git-errors';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepositoryService } from '../repositories/repository.service';
import { ForkPullHeads } from './fork-pull-heads';
import { PullMerges, pullHeadRef } from './pull-merges';

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
  ) {}

  onModuleInit(): void {
    this.repositories.followGitWrites((repo, repoPath) => this.followWrite(repo, repoPath));
  }

  /** The pull request's head commit now; undefined when neither the branch nor the ref exists. */
  async sync(repoPath: string, pull: PullRequestWithIssue): Promise<string | undefined> {
    if (isFromAnotherRepository(pull)) return this.forkHeads.sync(repoPath, pull);
    return withGitErrors(async () => {
      const ref = pullHeadRef(pull.issue.index);
      const [branchSha, kept] = await Promise.all([this.refs.branchTip(repoPath, pull.headBranch), this.refs.resolveRef(repoPath, ref)]);
      if (pull.issue.isClosed || branchSha === undefined) return kept ?? branchSha;
      if (branchSha !== kept) await this.merges.setRef(repoPath, ref, branchSha);
      return branchSha;
    });
  }

  /** Brings every open pull request's ref up to date; a failure is logged, never the writer's problem. */
  private async followWrite(repo: Repository, repoPath: string): Promise<void> {
    try {
      for (let skip = 0; ; skip += PAGE) {
        const [pulls] = await this.pullRequests.list(repo.id, 'open', skip, PAGE);
        for (const pull of pulls) await this.sync(repoPath, pull);
        if (pulls.length < PAGE) break;
      }
      // A push to a fork moves the pull requests it proposes to its parent.
      await this.forkHeads.followFork(repo, (basePath, pull) => this.sync(basePath, pull));
    } catch (error) {
      this.logger.error(`could not bring the pull request refs of repository ${repo.id} up to date: ${error}`);
    }
  }
}
