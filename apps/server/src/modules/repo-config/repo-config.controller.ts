import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { queryText } from '../repo-files/query-flag';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiEditorConfigDefinition, ApiIssueConfig, ApiIssueConfigValidation, ApiIssueTemplate } from './dto/repo-config.dto';
import { RepoConfigService } from './repo-config.service';

/** A repository's own configuration files: `/editorconfig/{filepath}`, `/issue_templates`, `/issue_config[/validate]`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo')
export class RepoConfigController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly config: RepoConfigService,
  ) {}

  @Get('editorconfig/*')
  @ApiParam({ name: 'path', description: 'the file whose EditorConfig properties to resolve' })
  @ApiQuery({ name: 'ref', required: false, description: 'branch, tag or commit; the default branch when absent' })
  @ApiOkResponse({ type: ApiEditorConfigDefinition })
  @ApiNotFoundResponse({ description: 'no such repository for the caller, or it has no .editorconfig' })
  async repoGetEditorConfig(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('*') filePath: string,
    @Query('ref') ref: unknown,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiEditorConfigDefinition> {
    return this.config.editorConfig(await this.repos.forReading(owner, repo, actor), filePath, queryText(ref));
  }

  @Get('issue_templates')
  @ApiOkResponse({ type: [ApiIssueTemplate] })
  async repoGetIssueTemplates(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiIssueTemplate[]> {
    return this.config.issueTemplates(await this.repos.forReading(owner, repo, actor));
  }

  @Get('issue_config')
  @ApiOkResponse({ type: ApiIssueConfig })
  async repoGetIssueConfig(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiIssueConfig> {
    return this.config.issueConfig(await this.repos.forReading(owner, repo, actor));
  }

  @Get('issue_config/validate')
  @ApiOkResponse({ type: ApiIssueConfigValidation })
  async repoValidateIssueConfig(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiIssueConfigValidation> {
    return this.config.validateIssueConfig(await this.repos.forReading(owner, repo, actor));
  }
}
