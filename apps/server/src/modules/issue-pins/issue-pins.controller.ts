import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { ApiIssue } from '../issues/dto/issue.dto';
import { IssueLookup } from '../issues/issue-lookup.service';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { ApiNewIssuePinsAllowed, IssuePinsService } from './issue-pins.service';

const NOT_ADMIN = 'not an administrator of the repository';

class NewIssuePinsAllowed implements ApiNewIssuePinsAllowed {
  @ApiProperty() issues!: boolean;
  @ApiProperty() pull_requests!: boolean;
}

/** Pinning an issue or pull request: `/repos/{owner}/{repo}/issues/{index}/pin[/{position}]`. */
@ApiTags('issue')
@ScopeGroup('issue')
@RequireSignIn()
@Controller('repos/:owner/:repo/issues/:index/pin')
export class IssuePinsController {
  constructor(
    private readonly lookup: IssueLookup,
    private readonly pins: IssuePinsService,
  ) {}

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'pinned (pinning twice changes nothing)' })
  @ApiForbiddenResponse({ description: NOT_ADMIN })
  @ApiBadRequestResponse({ description: 'the most pins of its kind are taken' })
  async pinIssue(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.pins.pin(await this.lookup.resolveIssue(owner, repo, index, actor));
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'not pinned (any more)' })
  @ApiForbiddenResponse({ description: NOT_ADMIN })
  async unpinIssue(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.pins.unpin(await this.lookup.resolveIssue(owner, repo, index, actor));
  }

  @Patch(':position')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'moved (a position beyond the last means last)' })
  @ApiForbiddenResponse({ description: NOT_ADMIN })
  async moveIssuePin(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('index', new IdParam('issue')) index: number,
    @Param('position', new IdParam('position', 422)) position: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.pins.move(await this.lookup.resolveIssue(owner, repo, index, actor), position);
  }
}

/** A repository's pinned issues, and whether more issues or pull requests may be pinned. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo')
export class PinnedIssuesController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly pins: IssuePinsService,
  ) {}

  @Get('issues/pinned')
  @ApiOkResponse({ type: [ApiIssue] })
  async repoListPinnedIssues(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiIssue[]> {
    return this.pins.pinned(await this.access.resolve(owner, repo, actor), false, actor?.user);
  }

  @Get('new_pin_allowed')
  @ApiOkResponse({ type: NewIssuePinsAllowed })
  async repoNewPinAllowed(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiNewIssuePinsAllowed> {
    return this.pins.newPinAllowed(await this.access.resolve(owner, repo, actor));
  }
}
