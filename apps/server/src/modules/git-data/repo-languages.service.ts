import { Injectable } from '@nestjs/common';
import { languageStatistics } from '@bellows/domain';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit } from '../repo-files/repo-git';
import { GitObjects } from '../repositories/git-objects';
import { RepositoryRefs } from '../repositories/repository-refs';

/** `repoGetLanguages`: bytes per language on the default branch (the domain's languageStatistics); `{}` for an empty repository. */
@Injectable()
export class RepoLanguagesService {
  constructor(
    private readonly objects: GitObjects,
    private readonly refs: RepositoryRefs,
  ) {}

  async languages(target: RepoGit): Promise<Record<string, number>> {
    if ((await this.refs.branchTip(target.path, target.repo.defaultBranch)) === undefined) return {};
    const { entries } = await withGitErrors(() => this.objects.listTree(target.path, target.repo.defaultBranch, true));
    return languageStatistics(
      entries.filter((entry) => entry.type === 'blob').map((entry) => ({ path: entry.path, size: entry.size ?? 0 })),
    );
  }
}
