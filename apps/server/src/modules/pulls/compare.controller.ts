import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { RepoGitResolver } from '../repo-files/repo-git';
import { CompareService } from './compare.service';
import { ApiCompare } from './dto/compare.dto';

/** Comparing two revisions of a repository: `/repos/{owner}/{repo}/compare/{base}...{head}`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/compare')
export class CompareController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly comparisons: CompareService,
  ) {}

  @Get('*')
  @ApiParam({ name: 'path', description: 'base...head (Forgejo: basehead): branches, tags or commits of the repository' })
  @ApiOkResponse({ type: ApiCompare })
  @ApiNotFoundResponse({ description: 'base or head names nothing in the repository' })
  async repoCompareDiff(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') basehead: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiCompare> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.comparisons.compare(target, basehead, actor);
  }
}
