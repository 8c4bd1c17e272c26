import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiWikiCommitList, ApiWikiPage, ApiWikiPageMetaData, CreateWikiPageOptions } from './dto/wiki.dto';
import { WikiService } from './wiki.service';

/** The wiki of a repository: `/repos/{owner}/{repo}/wiki/…`. Reading needs read access, changing needs write. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/wiki')
export class WikiController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly wiki: WikiService,
  ) {}

  @Post('new')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiWikiPage })
  @ApiBadRequestResponse({ description: 'the title is missing, reserved or taken' })
  @ApiForbiddenResponse({ description: 'no write permission' })
  async repoCreateWikiPage(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateWikiPageOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiWikiPage> {
    const target = await this.repos.forWriting(owner, repo, actor);
    return this.wiki.createPage(target, body, actor.user);
  }

  @Get('pages')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiWikiPageMetaData] })
  async repoGetWikiPages(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiWikiPageMetaData>> {
    const target = await this.repos.forReading(owner, repo, actor);
    const [pages, total] = await this.wiki.listPages(target, paging);
    return new PageOf(pages, total, paging);
  }

  @Get('page/:pageName')
  @ApiOkResponse({ type: ApiWikiPage })
  async repoGetWikiPage(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('pageName') pageName: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiWikiPage> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.wiki.getPage(target, pageName);
  }

  @Patch('page/:pageName')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiWikiPage })
  @ApiBadRequestResponse({ description: 'the new title is reserved or taken' })
  @ApiForbiddenResponse({ description: 'no write permission' })
  async repoEditWikiPage(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('pageName') pageName: string,
    @Body() body: CreateWikiPageOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiWikiPage> {
    const target = await this.repos.forWriting(owner, repo, actor);
    return this.wiki.editPage(target, pageName, body, actor.user);
  }

  @Delete('page/:pageName')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiForbiddenResponse({ description: 'no write permission' })
  async repoDeleteWikiPage(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('pageName') pageName: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const target = await this.repos.forWriting(owner, repo, actor);
    await this.wiki.deletePage(target, pageName, actor.user);
  }

  @Get('revisions/:pageName')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiWikiCommitList })
  async repoGetWikiPageRevisions(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('pageName') pageName: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<ApiWikiCommitList> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.wiki.revisions(target, pageName, paging);
  }
}
