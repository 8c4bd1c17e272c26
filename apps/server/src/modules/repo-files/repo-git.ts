import { Inject, Injectable } from '@nestjs/common';
import { Owner } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { Actor } from '../../http/auth/actor';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { CommitInfo } from '../repositories/repository-history';
import { RepositoryService } from '../repositories/repository.service';
import { CommitAccounts } from './commit-accounts.service';
import { CommitAccountLookup } from './dto/commit.dto';
import { RepoUrls } from './repo-urls';

/** A repository the caller may use, with where its git data is and how its links look. */
export interface RepoGit extends RepoContext {
  /** The bare repository on disk. */
  path: string;
  urls: RepoUrls;
  /** Whether the caller may write (push, edit files). */
  canWrite: boolean;
}

/**
 * Turns `{owner}/{repo}` of a route into a RepoGit after the permission check
 * (404 for what the caller may not read, 403 for writes they may not make).
 */
@Injectable()
export class RepoGitResolver {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly repositories: RepositoryService,
    private readonly accounts: CommitAccounts,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  async forReading(ownerName: string, repoName: string, actor: Actor | undefined): Promise<RepoGit> {
    const ctx = await this.access.resolve(ownerName, repoName, actor);
    return {
      ...ctx,
      path: this.repositories.pathOf(ctx.owner, ctx.repo),
      urls: new RepoUrls(this.config.server.rootUrl, ctx.owner, ctx.repo),
      canWrite: ctx.permission !== 'read' && ctx.permission !== 'none',
    };
  }

  async forWriting(ownerName: string, repoName: string, actor: Actor | undefined): Promise<RepoGit> {
    const target = await this.forReading(ownerName, repoName, actor);
    this.access.requireWrite(target);
    return target;
  }

  /** Refreshes the stored git size (and so the owner's usage) after a write; `writer` is who committed, if anyone. */
  async afterWrite(target: RepoGit, writer?: Owner): Promise<void> {
    target.repo = await this.repositories.refreshGitSize(target.repo, target.owner, writer);
  }

  commitAccounts(commits: readonly CommitInfo[], actor: Actor | undefined): Promise<CommitAccountLookup> {
    return this.accounts.lookupFor(commits, actor?.user);
  }
}
