import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IssuePinStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiPullRequest } from './dto/pull-request.dto';
import { PullsService } from './pulls.service';

/** `/repos/{owner}/{repo}/pulls/pinned`: the pinned pull requests, in their pinned order, as PullRequest JSON. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/pulls')
export class PinnedPullsController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly pins: IssuePinStore,
    private readonly pulls: PullsService,
  ) {}

  @Get('pinned')
  @ApiOkResponse({ type: [ApiPullRequest] })
  @ApiNotFoundResponse({ description: 'no such repository, or the caller may not read it' })
  async repoListPinnedPullRequests(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPullRequest[]> {
    const target = await this.repos.forReading(owner, repo, actor);
    const pinned = await this.pins.pinned({ repoId: target.repo.id, isPull: true });
    const pulls = await Promise.all(pinned.map((issue) => this.pulls.get(target, issue.index, actor?.user).catch(goneAsNull)));
    return pulls.filter((pull): pull is ApiPullRequest => pull !== null);
  }
}

/** A pull request deleted between reading the pins and reading it is left out rather than failing the list. */
function goneAsNull(error: unknown): null {
  if (error instanceof NotFoundException) return null;
  throw error;
}
