import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiBranchProtection, CreateBranchProtectionOption, EditBranchProtectionOption } from './dto/branch-protection.dto';
import { ProtectionRulesService } from './protection-rules.service';

/** `/repos/{owner}/{repo}/branch_protections[/{name}]`: the branch protection rules, for the repository's administrators. */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@Controller('repos/:owner/:repo/branch_protections')
export class BranchProtectionsController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly rules: ProtectionRulesService,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ApiBranchProtection] })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  async repoListBranchProtection(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor) {
    return this.rules.listBranchRules(await this.repos.forReading(owner, repo, actor));
  }

  @Post()
  @ApiCreatedResponse({ type: ApiBranchProtection })
  @ApiForbiddenResponse({ description: 'not an administrator, or a rule of that name exists' })
  async repoCreateBranchProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateBranchProtectionOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiBranchProtection> {
    return this.rules.createBranchRule(await this.repos.forReading(owner, repo, actor), body);
  }

  @Get(':name')
  @ApiOkResponse({ type: ApiBranchProtection })
  async repoGetBranchProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('name') name: string,
    @CurrentActor() actor: Actor,
  ) {
    return this.rules.getBranchRule(await this.repos.forReading(owner, repo, actor), name);
  }

  @Patch(':name')
  @ApiOkResponse({ type: ApiBranchProtection })
  async repoEditBranchProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('name') name: string,
    @Body() body: EditBranchProtectionOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiBranchProtection> {
    return this.rules.editBranchRule(await this.repos.forReading(owner, repo, actor), name, body);
  }

  @Delete(':name')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted' })
  async repoDeleteBranchProtection(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('name') name: string,
    @CurrentActor() actor: Actor,
  ) {
    await this.rules.deleteBranchRule(await this.repos.forReading(owner, repo, actor), name);
  }
}
