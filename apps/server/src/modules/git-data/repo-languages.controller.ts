import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { RepoGitResolver } from '../repo-files/repo-git';
import { RepoLanguagesService } from './repo-languages.service';

/** `GET /repos/{owner}/{repo}/languages`: Forgejo's LanguageStatistics, bytes per language. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/languages')
export class RepoLanguagesController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly languages: RepoLanguagesService,
  ) {}

  @Get()
  @ApiOkResponse({ schema: { type: 'object', additionalProperties: { type: 'integer', format: 'int64' } } })
  async repoGetLanguages(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor | undefined) {
    return this.languages.languages(await this.repos.forReading(owner, repo, actor));
  }
}
