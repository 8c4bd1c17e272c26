import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { IdParam } from '../../http/id-param.pipe';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { ApiLabel, CreateLabelOption, EditLabelOption } from './dto/label.dto';
import { LabelCatalog, LabelSet } from './label-catalog.service';

/** A repository's labels: `/repos/{owner}/{repo}/labels…`. Reading needs read access, changing needs write. */
@ApiTags('issue')
@ScopeGroup('issue')
@Controller('repos/:owner/:repo/labels')
export class RepoLabelsController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly labels: LabelCatalog,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiLabel] })
  async issueListLabels(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiLabel>> {
    return this.labels.list(labelSetOf(await this.access.resolve(owner, repo, actor)), paging);
  }

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiLabel })
  @ApiUnprocessableEntityResponse({ description: 'invalid name or colour' })
  async issueCreateLabel(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateLabelOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiLabel> {
    return this.labels.create(await this.writable(owner, repo, actor), body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiLabel })
  async issueGetLabel(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('label')) id: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiLabel> {
    return this.labels.get(labelSetOf(await this.access.resolve(owner, repo, actor)), id);
  }

  @Patch(':id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiLabel })
  @ApiUnprocessableEntityResponse({ description: 'invalid name or colour' })
  async issueEditLabel(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('label')) id: number,
    @Body() body: EditLabelOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiLabel> {
    return this.labels.edit(await this.writable(owner, repo, actor), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  async issueDeleteLabel(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('label')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.labels.delete(await this.writable(owner, repo, actor), id);
  }

  private async writable(owner: string, repo: string, actor: Actor): Promise<LabelSet> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireWrite(ctx);
    return labelSetOf(ctx);
  }
}

function labelSetOf({ owner, repo }: RepoContext): LabelSet {
  return { holder: { repoId: repo.id }, ownerName: owner.name, repoName: repo.name };
}
