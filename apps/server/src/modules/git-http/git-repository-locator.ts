import { Injectable, NotFoundException } from '@nestjs/common';
import { stat } from 'node:fs/promises';
import { BareRepositories } from '../repositories/bare-repositories';
import { GitConflictError } from '../repositories/git-errors';
import { RepoContext } from '../repositories/repository-access.service';

/** The branch a new wiki starts on (the wiki API writes pages to the same branch). */
export const WIKI_DEFAULT_BRANCH = 'main';

/**
 * Finds the bare repository a git request works on: the repository itself, or
 * its wiki (`{repo}.wiki.git`), which comes into being on the first push.
 */
@Injectable()
export class GitRepositoryLocator {
  constructor(private readonly git: BareRepositories) {}

  async locate(ctx: RepoContext, wiki: boolean, options: { createWiki: boolean }): Promise<string> {
    if (!wiki) return this.existing(this.git.pathFor(ctx.owner.name, ctx.repo.name), `repository ${ctx.owner.name}/${ctx.repo.name}`);
    const wikiPath = this.git.wikiPathFor(ctx.owner.name, ctx.repo.name);
    if (options.createWiki && !(await isDirectory(wikiPath))) await this.createWiki(ctx);
    return this.existing(wikiPath, `the wiki of ${ctx.owner.name}/${ctx.repo.name}`);
  }

  private async createWiki(ctx: RepoContext): Promise<void> {
    try {
      await this.git.createWiki(ctx.owner.name, ctx.repo.name, { defaultBranch: WIKI_DEFAULT_BRANCH });
    } catch (error) {
      if (!(error instanceof GitConflictError)) throw error; // created meanwhile by another request
    }
  }

  private async existing(repoPath: string, what: string): Promise<string> {
    if (!(await isDirectory(repoPath))) throw new NotFoundException(`${what} does not exist`);
    return repoPath;
  }
}

async function isDirectory(target: string): Promise<boolean> {
  return stat(target).then(
    (s) => s.isDirectory(),
    () => false,
  );
}
