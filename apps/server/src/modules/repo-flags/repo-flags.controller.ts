import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { ReplaceFlagsOption } from './dto/repo-flags.dto';
import { RepoFlagsService } from './repo-flags.service';

/** `/repos/{owner}/{repo}/flags[/{flag}]`: the flags site admins put on a repository. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/flags')
export class RepoFlagsController {
  constructor(private readonly flags: RepoFlagsService) {}

  @Get()
  @ApiOkResponse({ type: [String] })
  @ApiForbiddenResponse({ description: 'the caller is not a site administrator' })
  repoListFlags(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor | undefined): Promise<string[]> {
    return this.flags.list(owner, repo, actor);
  }

  @Put()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository has exactly the given flags' })
  async repoReplaceAllFlags(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: ReplaceFlagsOption,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.flags.replaceAll(owner, repo, body.flags ?? [], actor);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository has no flags' })
  async repoDeleteAllFlags(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.flags.removeAll(owner, repo, actor);
  }

  @Get(':flag')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository has the flag' })
  @ApiNotFoundResponse({ description: 'it has not, or no such repository for the caller' })
  async repoCheckFlag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('flag') flag: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.flags.requireFlag(owner, repo, flag, actor);
  }

  @Put(':flag')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository has the flag (twice changes nothing)' })
  async repoAddFlag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('flag') flag: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.flags.add(owner, repo, flag, actor);
  }

  @Delete(':flag')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository does not have the flag' })
  async repoDeleteFlag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('flag') flag: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.flags.remove(owner, repo, flag, actor);
  }
}
