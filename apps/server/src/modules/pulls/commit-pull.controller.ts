import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiPullRequest } from './dto/pull-request.dto';
import { PullsService } from './pulls.service';

/** `GET /repos/{owner}/{repo}/commits/{sha}/pull`: the pull request a commit was merged by. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/commits/:sha/pull')
export class CommitPullController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly pulls: PullsService,
  ) {}

  @Get()
  @ApiOkResponse({ type: ApiPullRequest })
  @ApiNotFoundResponse({ description: 'no pull request was merged as that commit, or no such repository for the caller' })
  async repoGetCommitPullRequest(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullRequest> {
    return this.pulls.getByMergedCommit(await this.repos.forReading(owner, repo, actor), sha, actor?.user);
  }
}
