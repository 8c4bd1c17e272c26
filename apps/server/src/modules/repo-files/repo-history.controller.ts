import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiBranch, ApiCommit } from './dto/commit.dto';
import { queryFlag, queryText } from './query-flag';
import { RepoGitResolver } from './repo-git';
import { RepoHistoryService } from './repo-history.service';

/** Branches and history of a repository: `/repos/{owner}/{repo}/branches…`, `/commits`, `/git/commits/{sha}`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo')
export class RepoHistoryController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly history: RepoHistoryService,
  ) {}

  @Get('branches')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiBranch] })
  async repoListBranches(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiBranch>> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.history.branches(target, paging);
  }

  @Get('branches/:branch')
  @ApiOkResponse({ type: ApiBranch })
  async repoGetBranch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('branch') branchName: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiBranch> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.history.branch(target, branchName);
  }

  @Get('commits')
  @ApiQuery({ name: 'sha', required: false, description: 'branch, tag or commit to start from (default branch when absent)' })
  @ApiQuery({ name: 'path', required: false, description: 'only commits touching this file or directory' })
  @ApiQuery({ name: 'stat', required: false, type: 'boolean' })
  @ApiQuery({ name: 'files', required: false, type: 'boolean' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiCommit] })
  @ApiConflictResponse({ description: 'the repository is empty' })
  async repoGetAllCommits(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiCommit>> {
    const target = await this.repos.forReading(owner, repo, actor);
    const detail = { files: queryFlag('files', query.files, true), stats: queryFlag('stat', query.stat, true) };
    return this.history.commits(target, { sha: queryText(query.sha), path: queryText(query.path) }, detail, paging, actor);
  }

  @Get('git/commits/:sha')
  @ApiQuery({ name: 'stat', required: false, type: 'boolean' })
  @ApiQuery({ name: 'files', required: false, type: 'boolean' })
  @ApiOkResponse({ type: ApiCommit })
  async repoGetSingleCommit(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiCommit> {
    const target = await this.repos.forReading(owner, repo, actor);
    const detail = { files: queryFlag('files', query.files, true), stats: queryFlag('stat', query.stat, true) };
    return this.history.commit(target, sha, detail, actor);
  }
}
