import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiSyncForkInfo } from './dto/sync-fork.dto';
import { SyncForkService } from './sync-fork.service';

/** `/repos/{owner}/{repo}/sync_fork[/{branch}]`: a fork's branch compared with, and fast-forwarded to, its base's. Writers only, as in Forgejo. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/sync_fork')
export class SyncForkController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly sync: SyncForkService,
  ) {}

  @Get()
  @ApiOkResponse({ type: ApiSyncForkInfo })
  @ApiBadRequestResponse({ description: 'the repository is not a fork' })
  async repoSyncForkDefaultInfo(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiSyncForkInfo> {
    return this.sync.info(await this.repos.forWriting(owner, repo, actor));
  }

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the default branch is up to date with the base' })
  @ApiBadRequestResponse({ description: 'not a fork, or the branch cannot be fast-forwarded' })
  async repoSyncForkDefault(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<void> {
    await this.sync.syncBranch(await this.repos.forWriting(owner, repo, actor), actor);
  }

  @Get(':branch')
  @ApiOkResponse({ type: ApiSyncForkInfo })
  @ApiNotFoundResponse({ description: 'the fork has no such branch' })
  async repoSyncForkBranchInfo(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('branch') branch: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiSyncForkInfo> {
    return this.sync.info(await this.repos.forWriting(owner, repo, actor), branch);
  }

  @Post(':branch')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the branch is up to date with the base' })
  async repoSyncForkBranch(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('branch') branch: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.sync.syncBranch(await this.repos.forWriting(owner, repo, actor), actor, branch);
  }
}
