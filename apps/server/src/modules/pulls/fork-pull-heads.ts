import { randomUUID } from 'node:crypto';
import { Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import {
  Owner,
  OwnerStore,
  PullRequestStore,
  PullRequestWithIssue,
  Repository,
  RepositorySearchStore,
  RepositoryStore,
} from '@bellows/domain';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit } from '../repo-files/repo-git';
import { BareRepositories } from '../repositories/bare-repositories';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepositoryService } from '../repositories/repository.service';
import { pullHeadRef } from './pull-merges';

/** A repository with its owner: enough to find it on disk. */
export interface OwnedRepository {
  owner: Owner;
  repo: Repository;
}

/** The head commit of a fork's branch, fetched into the base repository under a ref of its own until released. */
export interface IncomingHead {
  sha: string;
  /** Drops the temporary ref and measures the base repository again (its objects may have grown). */
  release(): Promise<void>;
}

/**
 * Pull requests whose head branch lives in a fork. Their head is fetched with
 * git from the fork into the base repository's `refs/pull/{index}/head` (the
 * ref merges read), while the pull request is open and the fork's branch
 * exists; a push to the fork fetches it again (PullHeads follows the fork's
 * writes). The fetched objects are stored in the base repository, so its
 * size is measured again after each fetch and counts for its owner, as a
 * push would.
 */
@Injectable()
export class ForkPullHeads {
  private readonly logger = new Logger(ForkPullHeads.name);

  constructor(
    private readonly repositories: RepositoryStore,
    private readonly search: RepositorySearchStore,
    private readonly pullRequests: PullRequestStore,
    private readonly owners: OwnerStore,
    private readonly git: BareRepositories,
    private readonly refs: RepositoryRefs,
    private readonly access: RepositoryAccess,
    private readonly repositoryService: RepositoryService,
  ) {}

  /**
   * The fork named by a pull request's `head` (`owner:branch` or
   * `owner/repo:branch`) when it is not the base repository itself; null for
   * a branch of the base. 422 unless it is a fork of the base that `poster`
   * may read (others are not told whether it exists).
   */
  async forkNamed(target: RepoGit, head: string, poster: Owner): Promise<{ fork: OwnedRepository; branch: string } | null> {
    const colon = head.indexOf(':');
    if (colon < 0) return null;
    const [ownerName, repoName] = head.slice(0, colon).split('/', 2);
    const branch = head.slice(colon + 1);
    const sameOwner = ownerName.toLowerCase() === target.owner.lowerName;
    if (sameOwner && (repoName === undefined || repoName.toLowerCase() === target.repo.lowerName)) return null;
    const notAFork = () =>
      new UnprocessableEntityException(`head: ${head.slice(0, colon)} is not a fork of ${target.owner.name}/${target.repo.name}`);
    const owner = await this.owners.findByName(ownerName);
    if (!owner) throw notAFork();
    const repo = await this.forkOf(target.repo, owner, repoName);
    if (!repo || (await this.access.permissionOf(owner, repo, poster)) === 'none') throw notAFork();
    return { fork: { owner, repo }, branch };
  }

  /** Fetches the fork's branch into a temporary ref of the base, to check it before the pull request exists; 422 when it has no such branch. */
  async fetchIncoming(target: RepoGit, fork: OwnedRepository, branch: string): Promise<IncomingHead> {
    const into = { owner: target.owner.name, repo: target.repo.name };
    const ref = `refs/pull/incoming/${randomUUID()}`;
    const release = async () => {
      await withGitErrors(() => this.git.deleteRef(into, ref));
      await this.repositoryService.refreshGitSize(target.repo, target.owner);
    };
    const sha = await withGitErrors(() => this.git.fetchBranch(into, { owner: fork.owner.name, repo: fork.repo.name }, branch, ref)).catch(
      async (error) => {
        await release();
        throw error;
      },
    );
    if (sha === undefined)
      throw new UnprocessableEntityException(`head: branch ${branch} does not exist in ${fork.owner.name}/${fork.repo.name}`);
    return { sha, release };
  }

  /**
   * The head of a pull request from a fork now: fetched again when the fork's
   * branch moved while the pull request is open; the kept ref when it is
   * closed, or the fork or its branch is gone.
   */
  async sync(basePath: string, pull: PullRequestWithIssue): Promise<string | undefined> {
    const ref = pullHeadRef(pull.issue.index);
    const kept = await withGitErrors(() => this.refs.resolveRef(basePath, ref));
    if (pull.issue.isClosed || pull.headRepoId === null) return kept;
    const [fork, base] = await Promise.all([this.locate(pull.headRepoId), this.locate(pull.issue.repoId)]);
    if (!fork || !base) return kept;
    const forkPath = this.git.pathFor(fork.owner.name, fork.repo.name);
    const tip = await withGitErrors(() => this.refs.branchTip(forkPath, pull.headBranch));
    if (tip === undefined || tip === kept) return kept;
    const names = (where: OwnedRepository) => ({ owner: where.owner.name, repo: where.repo.name });
    const fetched = await withGitErrors(() => this.git.fetchBranch(names(base), names(fork), pull.headBranch, ref));
    await this.repositoryService.refreshGitSize(base.repo, base.owner);
    return fetched ?? kept;
  }

  /** Where a push to `fork` must be followed: the base repositories of its open pull requests. */
  async followFork(fork: Repository, follow: (basePath: string, pull: PullRequestWithIssue) => Promise<unknown>): Promise<void> {
    for (const pull of await this.repositoryPulls(fork)) {
      const base = await this.locate(pull.issue.repoId);
      if (base)
        await follow(this.git.pathFor(base.owner.name, base.repo.name), pull).catch((error) =>
          this.logger.error(`could not bring pull request ${pull.id} up to date with ${fork.id}: ${error}`),
        );
    }
  }

  private repositoryPulls(fork: Repository): Promise<PullRequestWithIssue[]> {
    return this.pullRequests.openFromHeadRepository(fork.id);
  }

  /** The owner's fork of `base`: the one named, or (without a name) the one it has, as Forgejo finds it. */
  private async forkOf(base: Repository, owner: Owner, name: string | undefined): Promise<Repository | null> {
    if (name === undefined) {
      const [forks] = await this.search.search({ ownerId: owner.id, forkOf: base.id, order: 'id', skip: 0, take: 1 });
      return forks[0] ?? null;
    }
    const repo = await this.repositories.findByOwnerAndName(owner.id, name);
    return repo?.forkId === base.id ? repo : null;
  }

  private async locate(repoId: number): Promise<OwnedRepository | null> {
    const repo = await this.repositories.findById(repoId);
    const owner = repo && (await this.owners.findById(repo.ownerId));
    return repo && owner ? { owner, repo } : null;
  }
}
