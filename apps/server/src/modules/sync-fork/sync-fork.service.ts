import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { OwnerStore, RepositoryStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit, RepoGitResolver } from '../repo-files/repo-git';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepositoryService } from '../repositories/repository.service';
import { ApiSyncForkInfo } from './dto/sync-fork.dto';
import { ForkSync } from './fork-sync';

/**
 * Bringing a fork's branch up to date with the same branch of its base
 * repository, as Forgejo does: only a fast-forward (the fork's tip must be in
 * the base's branch), so nothing of the fork is ever lost; a diverged or
 * identical branch is not "allowed" and syncing it is refused with 400.
 */
@Injectable()
export class SyncForkService {
  constructor(
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly repositoryService: RepositoryService,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly repos: RepoGitResolver,
    private readonly sync: ForkSync,
  ) {}

  /** What syncing `branch` (the fork's default branch when absent) would do; 400 for a repository that is no fork, 404 for a branch the fork lacks. */
  async info(target: RepoGit, branch = target.repo.defaultBranch): Promise<ApiSyncForkInfo> {
    const basePath = await this.basePathOf(target);
    return withGitErrors(async () => {
      const forkTip = await this.refs.branchTip(target.path, branch);
      if (forkTip === undefined) throw new NotFoundException(`branch ${branch} does not exist in ${target.owner.name}/${target.repo.name}`);
      const info: ApiSyncForkInfo = { allowed: false, fork_commit: forkTip, base_commit: '', commits_behind: 0 };
      const baseTip = basePath === undefined ? undefined : await this.refs.branchTip(basePath, branch);
      if (basePath === undefined || baseTip === undefined) return info;
      info.base_commit = baseTip;
      if (baseTip === forkTip || (await this.refs.resolveRef(basePath, forkTip)) === undefined) return info;
      if (!(await this.history.isAncestor(basePath, forkTip, baseTip))) return info;
      info.allowed = true;
      info.commits_behind = (await this.history.commitsBetween(basePath, forkTip, baseTip, { limit: 1 })).total;
      return info;
    });
  }

  /** Fast-forwards the fork's `branch` to the base's; 400 when that is not allowed, 409 when the branch moved meanwhile. */
  async syncBranch(target: RepoGit, actor: Actor, branch = target.repo.defaultBranch): Promise<void> {
    const info = await this.info(target, branch);
    const basePath = await this.basePathOf(target);
    if (!info.allowed || basePath === undefined) throw new BadRequestException("You can't sync this branch");
    await withGitErrors(() => this.sync.fastForwardFrom(target.path, basePath, branch, info.fork_commit));
    await this.repos.afterWrite(target, actor.user);
  }

  /** The base repository's folder, undefined when it is gone; 400 when the repository is no fork. */
  private async basePathOf(target: RepoGit): Promise<string | undefined> {
    if (target.repo.forkId === null) throw new BadRequestException('The Repo must be a fork');
    const base = await this.repositories.findById(target.repo.forkId);
    const owner = base && (await this.owners.findById(base.ownerId));
    return base && owner ? this.repositoryService.pathOf(owner, base) : undefined;
  }
}
