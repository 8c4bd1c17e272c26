import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UnprocessableEntityException } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { queryText } from '../repo-files/query-flag';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { ApiMilestone, CreateMilestoneOption, EditMilestoneOption } from './dto/milestone.dto';
import { IssueShaper } from './issue-shaper.service';
import { MilestonesService } from './milestones.service';

const STATES = ['open', 'closed', 'all'];

/** Milestones of a repository: `/repos/{owner}/{repo}/milestones…`; changing them needs write access. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/milestones')
export class MilestonesController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly milestones: MilestonesService,
    private readonly shaper: IssueShaper,
  ) {}

  @Get()
  @ApiQuery({ name: 'state', required: false, enum: STATES })
  @ApiQuery({ name: 'name', required: false })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiMilestone] })
  async issueGetMilestonesList(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query('state') rawState: unknown,
    @Query('name') rawName: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiMilestone>> {
    const state = queryText(rawState) ?? 'open';
    if (!STATES.includes(state)) throw new UnprocessableEntityException(`state must be one of ${STATES.join(', ')}`);
    const repoCtx = await this.access.resolve(owner, repo, actor);
    const filter = { repoId: repoCtx.repo.id, name: queryText(rawName), ...(state === 'all' ? {} : { isClosed: state === 'closed' }) };
    return this.milestones.list(filter, paging);
  }

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiMilestone })
  @ApiForbiddenResponse({ description: 'no write access' })
  async issueCreateMilestone(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateMilestoneOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiMilestone> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    this.access.requireWrite(repoCtx);
    return this.shaper.milestone(await this.milestones.create(repoCtx, body));
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiMilestone })
  async issueGetMilestone(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiMilestone> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    return this.shaper.milestone(await this.milestones.find(repoCtx, id));
  }

  @Patch(':id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiMilestone })
  @ApiForbiddenResponse({ description: 'no write access' })
  async issueEditMilestone(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Body() body: EditMilestoneOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiMilestone> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    this.access.requireWrite(repoCtx);
    return this.shaper.milestone(await this.milestones.edit(await this.milestones.find(repoCtx, id), body));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ description: 'no write access' })
  async issueDeleteMilestone(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const repoCtx = await this.access.resolve(owner, repo, actor);
    this.access.requireWrite(repoCtx);
    await this.milestones.delete(await this.milestones.find(repoCtx, id));
  }
}
