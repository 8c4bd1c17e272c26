import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiBranch } from '../repo-files/dto/commit.dto';
import { RepoGitResolver } from '../repo-files/repo-git';
import { BranchWrites } from './branch-writes.service';
import { CreateBranchRepoOption, UpdateBranchRepoOption } from './dto/refs.dto';

/** Branch writes: `POST /repos/{owner}/{repo}/branches`, `PATCH` and `DELETE …/branches/{branch}` (reads are in repo-files). */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/branches')
export class BranchesController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly branches: BranchWrites,
  ) {}

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiBranch })
  @ApiForbiddenResponse({ description: 'the caller may not write to the repository, or a protection rule refuses the branch' })
  @ApiNotFoundResponse({ description: 'no such repository, an empty one, or no such branch, tag or commit to start from' })
  @ApiConflictResponse({ description: 'the branch exists' })
  @ApiUnprocessableEntityResponse({ description: 'a name git does not accept as a branch, or a malformed start' })
  async repoCreateBranch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateBranchRepoOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiBranch> {
    return this.branches.create(await this.repos.forWriting(owner, repo, actor), body, actor.user);
  }

  @Delete(':branch')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiForbiddenResponse({ description: 'the default branch, a protected branch, or a caller who may not write' })
  @ApiNotFoundResponse({ description: 'no such repository or branch, or an empty repository' })
  async repoDeleteBranch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('branch') branch: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.branches.delete(await this.repos.forWriting(owner, repo, actor), branch, actor.user);
  }

  @Patch(':branch')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'renamed (the default branch too, when it was the default)' })
  @ApiForbiddenResponse({ description: 'the caller may not write to the repository' })
  @ApiNotFoundResponse({ description: 'no such repository or branch, or an empty repository' })
  @ApiUnprocessableEntityResponse({ description: 'the same name, a taken name, or one git does not accept' })
  async repoUpdateBranch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('branch') branch: string,
    @Body() body: UpdateBranchRepoOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.branches.rename(await this.repos.forWriting(owner, repo, actor), branch, body, actor.user);
  }
}
