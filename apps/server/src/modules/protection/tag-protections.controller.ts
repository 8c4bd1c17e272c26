import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiTagProtection, CreateTagProtectionOption, EditTagProtectionOption } from './dto/tag-protection.dto';
import { ProtectionRulesService } from './protection-rules.service';

const RULE = new IdParam('tag protection');

/** `/repos/{owner}/{repo}/tag_protections[/{id}]`: the tag protection rules, for the repository's administrators. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/tag_protections')
export class TagProtectionsController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly rules: ProtectionRulesService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ApiTagProtection] })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  async repoListTagProtection(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor) {
    return this.rules.listTagRules(await this.repos.forReading(owner, repo, actor));
  }

  @Post()
  @ApiCreatedResponse({ type: ApiTagProtection })
  async repoCreateTagProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateTagProtectionOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiTagProtection> {
    return this.rules.createTagRule(await this.repos.forReading(owner, repo, actor), body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiTagProtection })
  async repoGetTagProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', RULE) id: number,
    @CurrentActor() actor: Actor,
  ) {
    return this.rules.getTagRule(await this.repos.forReading(owner, repo, actor), id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: ApiTagProtection })
  async repoEditTagProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', RULE) id: number,
    @Body() body: EditTagProtectionOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiTagProtection> {
    return this.rules.editTagRule(await this.repos.forReading(owner, repo, actor), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted' })
  async repoDeleteTagProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', RULE) id: number,
    @CurrentActor() actor: Actor,
  ) {
    await this.rules.deleteTagRule(await this.repos.forReading(owner, repo, actor), id);
  }
}
