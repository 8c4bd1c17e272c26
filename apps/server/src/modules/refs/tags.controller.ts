import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiTag, CreateTagOption } from './dto/refs.dto';
import { TagsService } from './tags.service';

/** Tags of a repository: `/repos/{owner}/{repo}/tags…`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/tags')
export class TagsController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly tags: TagsService,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiTag] })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  async repoListTags(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiTag>> {
    return this.tags.list(await this.repos.forReading(owner, repo, actor), paging);
  }

  @Get(':tag')
  @ApiOkResponse({ type: ApiTag })
  @ApiNotFoundResponse({ description: 'no such repository or tag' })
  async repoGetTag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('tag') tag: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiTag> {
    return this.tags.get(await this.repos.forReading(owner, repo, actor), tag);
  }

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiTag })
  @ApiForbiddenResponse({ description: 'the caller may not write to the repository, or a tag protection rule refuses them' })
  @ApiNotFoundResponse({ description: 'no such repository, or a target that names no branch, tag or commit' })
  @ApiConflictResponse({ description: 'the tag exists' })
  @ApiUnprocessableEntityResponse({ description: 'a name git does not accept as a tag, or a malformed target' })
  async repoCreateTag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateTagOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiTag> {
    return this.tags.create(await this.repos.forWriting(owner, repo, actor), body, actor.user);
  }

  @Delete(':tag')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiForbiddenResponse({ description: 'the caller may not write to the repository, or a tag protection rule refuses them' })
  @ApiNotFoundResponse({ description: 'no such repository or tag' })
  @ApiConflictResponse({ description: 'a published release stands on the tag (delete the release with its tag instead)' })
  async repoDeleteTag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('tag') tag: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.tags.delete(await this.repos.forWriting(owner, repo, actor), tag, actor.user);
  }
}
