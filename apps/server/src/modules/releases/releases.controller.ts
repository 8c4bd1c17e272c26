import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UnprocessableEntityException } from '@nestjs/common';
import {
  ApiConflictResponse,
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
import { PageRequest, Paging } from '../../http/pagination';
import { ApiRelease, CreateReleaseOption, EditReleaseOption } from './dto/release.dto';
import { ReleasesService } from './releases.service';

/**
 * `/repos/{owner}/{repo}/releases…`, as Forgejo. Lists take `page` and `limit`
 * only (there is no `per_page`). Reading needs read access (drafts: write
 * access); creating, editing and deleting need write access.
 */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/releases')
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  @Get()
  @ApiQuery({
    name: 'draft',
    required: false,
    type: 'boolean',
    description: 'only drafts (true) or only published releases (false); drafts are listed for writers only',
  })
  @ApiQuery({
    name: 'pre-release',
    required: false,
    type: 'boolean',
    description: 'only pre-releases (true) or only full releases (false)',
  })
  @ApiQuery({ name: 'q', required: false, description: 'text the tag or title contains' })
  @ApiQuery({ name: 'page', required: false, type: 'integer', description: 'page number of results to return (1-based)' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer', description: 'page size of results' })
  @ApiOkResponse({ type: [ApiRelease] })
  async repoListReleases(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Query() query: Record<string, unknown>,
    @Paging() paging: PageRequest,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<PageOf<ApiRelease>> {
    const target = await this.releases.repo(owner, repo, actor);
    const filter = {
      draft: optionalBoolean(query.draft, 'draft'),
      prerelease: optionalBoolean(query['pre-release'], 'pre-release'),
      q: optionalText(query.q),
    };
    return this.releases.list(target, filter, paging, actor);
  }

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiRelease })
  @ApiConflictResponse({ description: 'a release for this tag exists' })
  @ApiUnprocessableEntityResponse({ description: 'an invalid tag name, or a target that is not a branch or commit' })
  async repoCreateRelease(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: CreateReleaseOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRelease> {
    const target = await this.releases.writableRepo(owner, repo, actor);
    return this.releases.shape(target, await this.releases.create(target, body, actor), actor);
  }

  /** Declared before `:id` so that "latest" is never read as an id. */
  @Get('latest')
  @ApiOkResponse({ type: ApiRelease, description: 'the newest release that is neither a draft nor a pre-release' })
  async repoGetLatestRelease(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiRelease> {
    const target = await this.releases.repo(owner, repo, actor);
    return this.releases.shape(target, await this.releases.latest(target), actor);
  }

  @Get('tags/:tag')
  @ApiOkResponse({ type: ApiRelease })
  async repoGetReleaseByTag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('tag') tag: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiRelease> {
    const target = await this.releases.repo(owner, repo, actor);
    return this.releases.shape(target, await this.releases.findByTag(target, tag), actor);
  }

  /** Deletes the release, its attachments and its git tag. */
  @Delete('tags/:tag')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  async repoDeleteReleaseByTag(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('tag') tag: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const target = await this.releases.writableRepo(owner, repo, actor);
    await this.releases.delete(target, await this.releases.findByTag(target, tag), true, actor.user);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiRelease })
  async repoGetRelease(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiRelease> {
    const target = await this.releases.repo(owner, repo, actor);
    return this.releases.shape(target, await this.releases.find(target, id), actor);
  }

  @Patch(':id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiRelease })
  @ApiConflictResponse({ description: 'another release has this tag' })
  @ApiUnprocessableEntityResponse({ description: 'an invalid tag name, or a tag to make at a target that is not a branch or commit' })
  async repoEditRelease(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @Body() body: EditReleaseOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRelease> {
    const target = await this.releases.writableRepo(owner, repo, actor);
    const release = await this.releases.edit(target, await this.releases.find(target, id), body, actor.user);
    return this.releases.shape(target, release, actor);
  }

  /** Deletes the release and its attachments; the git tag stays (as in Forgejo). */
  @Delete(':id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  async repoDeleteRelease(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id') id: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const target = await this.releases.writableRepo(owner, repo, actor);
    await this.releases.delete(target, await this.releases.find(target, id), false, actor.user);
  }
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UnprocessableEntityException(`${name} must be true or false`);
}

function optionalText(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 255) throw new UnprocessableEntityException('q must be a text of at most 255 characters');
  return value;
}
