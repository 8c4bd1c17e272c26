import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiUser } from '../accounts/dto/user.dto';
import { RepoGitResolver } from '../repo-files/repo-git';
import { RepoPeopleService } from './repo-people.service';

/** Who can be asked to review, and who can be assigned: `/repos/{owner}/{repo}/reviewers|assignees`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo')
export class RepoPeopleController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly people: RepoPeopleService,
  ) {}

  @Get('reviewers')
  @RequireSignIn()
  @ApiOkResponse({ type: [ApiUser], description: 'the users who may read the repository and hold a place in it, but the caller' })
  async repoGetReviewers(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<ApiUser[]> {
    return this.people.reviewers(await this.repos.forReading(owner, repo, actor), actor.user);
  }

  @Get('assignees')
  @RequireSignIn()
  @ApiOkResponse({ type: [ApiUser], description: 'the users who may write the repository' })
  async repoGetAssignees(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<ApiUser[]> {
    return this.people.assignees(await this.repos.forReading(owner, repo, actor), actor.user);
  }
}
