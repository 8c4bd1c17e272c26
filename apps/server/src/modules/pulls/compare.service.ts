import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Actor } from '../../http/auth/actor';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit, RepoGitResolver } from '../repo-files/repo-git';
import { toApiCommit } from '../repo-files/dto/commit.dto';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { ApiCompare } from './dto/compare.dto';

/** At most this many commits are listed (total_commits counts them all). */
const MAX_COMMITS = 1000;

/**
 * `GET /repos/{owner}/{repo}/compare/{base}...{head}` (Forgejo's
 * `repoCompareDiff`): what head brings that base lacks, as a pull request from
 * head into base would show it. Base and head are branches, tags or commits of
 * this repository; `..` is read like `...`.
 */
@Injectable()
export class CompareService {
  constructor(
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly repos: RepoGitResolver,
  ) {}

  async compare(target: RepoGit, basehead: string, actor: Actor | undefined): Promise<ApiCompare> {
    const [base, head] = splitBaseHead(basehead);
    return withGitErrors(async () => {
      const [baseSha, headSha] = await Promise.all([this.revision(target, base), this.revision(target, head)]);
      const [page, files] = await Promise.all([
        this.history.commitsBetween(target.path, baseSha, headSha, { limit: MAX_COMMITS }),
        this.history.changedFiles(target.path, baseSha, headSha),
      ]);
      const accounts = await this.repos.commitAccounts(page.items, actor);
      return {
        total_commits: page.total,
        commits: page.items.map((commit) => toApiCommit(commit, target.urls, accounts)),
        files: files.map((file) => ({ filename: file.filename, status: file.status })),
      };
    });
  }

  private async revision(target: RepoGit, name: string): Promise<string> {
    const sha = await this.refs.resolveRef(target.path, name);
    if (sha === undefined) throw new NotFoundException(`${name} is no branch, tag or commit of ${target.owner.name}/${target.repo.name}`);
    return sha;
  }
}

/** `base...head` or `base..head`; 422 for anything else. */
function splitBaseHead(basehead: string): [string, string] {
  const separator = basehead.includes('...') ? '...' : '..';
  const at = basehead.indexOf(separator);
  const [base, head] = at < 0 ? ['', ''] : [basehead.slice(0, at), basehead.slice(at + separator.length)];
  if (!base || !head) throw new UnprocessableEntityException(`basehead must be base...head, not ${JSON.stringify(basehead)}`);
  return [base, head];
}
