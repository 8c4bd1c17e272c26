import { Owner } from '@bellows/domain';
import { ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { httpErrorForGit, withGitErrors } from '../repo-files/git-errors';
import { RepoGit, RepoGitResolver } from '../repo-files/repo-git';
import { ApiBranch, toApiBranch } from '../repo-files/dto/commit.dto';
import { RefProtection } from '../protection/ref-protection.service';
import { GitConflictError } from '../repositories/git-errors';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepositoryService } from '../repositories/repository.service';
import { CreateBranchRepoOption, UpdateBranchRepoOption } from './dto/refs.dto';

/**
 * Creating and deleting branches through the API, with Forgejo's answers: an
 * empty repository or a missing start is 404, a taken name 409, the default
 * branch is never deleted (403); renaming to a taken name is 422, and renaming
 * the default branch makes the new name the default. Each write re-measures
 * the git size.
 */
@Injectable()
export class BranchWrites {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly refs: RepositoryRefs,
    private readonly repositories: RepositoryService,
    private readonly protection: RefProtection,
  ) {}

  async create(target: RepoGit, option: CreateBranchRepoOption, actor: Owner): Promise<ApiBranch> {
    if (await this.refs.isEmpty(target.path)) throw new NotFoundException('Git Repository is empty.');
    await this.protection.requireBranchChange(target, option.new_branch_name, { user: actor }, 'create');
    const start = await this.startOf(target, option);
    await withGitErrors(() => this.refs.createBranch(target.path, option.new_branch_name, start));
    await this.repos.afterWrite(target, actor);
    const branch = await withGitErrors(() => this.refs.getBranch(target.path, option.new_branch_name));
    if (!branch) throw new NotFoundException(`branch ${option.new_branch_name} was deleted meanwhile`);
    return toApiBranch(branch, target.urls, target.canWrite);
  }

  async delete(target: RepoGit, branchName: string, actor: Owner): Promise<void> {
    if (await this.refs.isEmpty(target.path)) throw new NotFoundException('Git Repository is empty.');
    if (branchName === target.repo.defaultBranch) throw new ForbiddenException(`can not delete default branch ${branchName}`);
    await this.protection.requireBranchChange(target, branchName, { user: actor }, 'delete');
    await withGitErrors(() => this.refs.deleteBranch(target.path, branchName));
    await this.repos.afterWrite(target, actor);
  }

  async rename(target: RepoGit, from: string, option: UpdateBranchRepoOption, actor: Owner): Promise<void> {
    if (await this.refs.isEmpty(target.path)) throw new NotFoundException('Git Repository is empty.');
    // A rename deletes the old name and creates the new one: both must be allowed.
    await this.protection.requireBranchChange(target, from, { user: actor }, 'delete');
    await this.protection.requireBranchChange(target, option.name, { user: actor }, 'create');
    const sameName = () =>
      new UnprocessableEntityException('Cannot rename a branch using the same name or rename to a branch that already exists.');
    if (option.name === from) throw sameName();
    try {
      await this.refs.renameBranch(target.path, from, option.name);
    } catch (error) {
      throw error instanceof GitConflictError ? sameName() : httpErrorForGit(error);
    }
    if (from === target.repo.defaultBranch) await this.repositories.setDefaultBranch(target.owner, target.repo, option.name);
    await this.repos.afterWrite(target, actor);
  }

  /** What the new branch starts from: `old_ref_name` (any revision), else the branch `old_branch_name`, else the default branch. */
  private async startOf(target: RepoGit, option: CreateBranchRepoOption): Promise<string> {
    if (option.old_ref_name) return option.old_ref_name;
    const branch = option.old_branch_name || target.repo.defaultBranch;
    const tip = await withGitErrors(() => this.refs.branchTip(target.path, branch));
    if (tip === undefined) throw new NotFoundException(`the old branch ${branch} does not exist`);
    return tip;
  }
}
