import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { ApiBranch, ApiCommit, CommitDetail, toApiBranch, toApiCommit } from './dto/commit.dto';
import { withGitErrors } from './git-errors';
import { RepoGit, RepoGitResolver } from './repo-git';

/** Which commits a history lists: from a branch, tag or commit (the default branch when absent), touching a path. */
export interface HistoryQuery {
  sha?: string;
  path?: string;
}

/** Branches and history of a repository, shaped as Forgejo answers them. */
@Injectable()
export class RepoHistoryService {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
  ) {}

  /** One page of the branches, by name. */
  async branches(target: RepoGit, paging: PageRequest): Promise<PageOf<ApiBranch>> {
    const branches = await withGitErrors(() => this.refs.listBranches(target.path));
    const page = branches.slice(paging.offset, paging.offset + paging.limit);
    return new PageOf(
      page.map((branch) => toApiBranch(branch, target.urls, target.canWrite)),
      branches.length,
      paging,
    );
  }

  /** The branch; 404 when it does not exist. */
  async branch(target: RepoGit, branchName: string): Promise<ApiBranch> {
    const branch = await withGitErrors(() => this.refs.getBranch(target.path, branchName));
    if (!branch) throw new NotFoundException(`branch ${branchName} does not exist`);
    return toApiBranch(branch, target.urls, target.canWrite);
  }

  /** One page of the history, newest first; 409 when the repository is empty. */
  async commits(
    target: RepoGit,
    query: HistoryQuery,
    detail: CommitDetail,
    paging: PageRequest,
    actor: Actor | undefined,
  ): Promise<PageOf<ApiCommit>> {
    if (await this.refs.isEmpty(target.path)) throw new ConflictException('Git Repository is empty.');
    const page = await withGitErrors(() => this.history.listCommits(target.path, { ...query, skip: paging.offset, limit: paging.limit }));
    const accounts = await this.repos.commitAccounts(page.items, actor);
    return new PageOf(
      page.items.map((commit) => toApiCommit(commit, target.urls, accounts, detail)),
      page.total,
      paging,
    );
  }

  /** One commit by sha or ref; 404 when there is none. */
  async commit(target: RepoGit, sha: string, detail: CommitDetail, actor: Actor | undefined): Promise<ApiCommit> {
    const commit = await withGitErrors(() => this.history.getCommit(target.path, sha));
    return toApiCommit(commit, target.urls, await this.repos.commitAccounts([commit], actor), detail);
  }
}
