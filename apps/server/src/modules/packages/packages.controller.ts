import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { PackageCatalog } from './package-catalog.service';
import { ApiPackage, ApiPackageFile } from './dto/package.dto';

/** Forgejo's package API: `/packages/{owner}…`. One entry per package version. */
@ApiTags('package')
@ScopeGroup('package')
@Controller('packages/:owner')
export class PackagesController {
  constructor(private readonly catalog: PackageCatalog) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiQuery({ name: 'type', required: false, type: 'string', description: 'package type, e.g. generic or npm' })
  @ApiQuery({ name: 'q', required: false, type: 'string', description: 'part of the package name' })
  @ApiOkResponse({ type: [ApiPackage] })
  @ApiNotFoundResponse({ description: 'the owner does not exist or is hidden from the caller' })
  listPackages(
    @Param('owner') owner: string,
    @Query('type') type: unknown,
    @Query('q') q: unknown,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiPackage>> {
    return this.catalog.list(
      owner,
      { type: typeof type === 'string' ? type : undefined, q: typeof q === 'string' ? q : undefined },
      actor,
      paging,
    );
  }

  @Get(':type/:name/:version')
  @ApiOkResponse({ type: ApiPackage })
  @ApiNotFoundResponse({ description: 'no such package version visible to the caller' })
  getPackage(
    @Param('owner') owner: string,
    @Param('type') type: string,
    @Param('name') name: string,
    @Param('version') version: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPackage> {
    return this.catalog.get(owner, type, name, version, actor);
  }

  @Delete(':type/:name/:version')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the version and its files are deleted' })
  @ApiNotFoundResponse({ description: 'no such package version visible to the caller' })
  async deletePackage(
    @Param('owner') owner: string,
    @Param('type') type: string,
    @Param('name') name: string,
    @Param('version') version: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.catalog.delete(owner, type, name, version, actor);
  }

  @Get(':type/:name/:version/files')
  @ApiOkResponse({ type: [ApiPackageFile] })
  @ApiNotFoundResponse({ description: 'no such package version visible to the caller' })
  listPackageFiles(
    @Param('owner') owner: string,
    @Param('type') type: string,
    @Param('name') name: string,
    @Param('version') version: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiPackageFile[]> {
    return this.catalog.listFiles(owner, type, name, version, actor);
  }

  @Post(':type/:name/-/link/:repo_name')
  @HttpCode(201)
  @ApiCreatedResponse({ description: 'the package is linked to the repository' })
  @ApiNotFoundResponse({ description: 'no such package or repository visible to the caller' })
  async linkPackage(
    @Param('owner') owner: string,
    @Param('type') type: string,
    @Param('name') name: string,
    @Param('repo_name') repoName: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.catalog.link(owner, type, name, repoName, actor);
  }

  @Post(':type/:name/-/unlink')
  @HttpCode(201)
  @ApiCreatedResponse({ description: 'the package is no longer linked to a repository' })
  @ApiNotFoundResponse({ description: 'no such package visible to the caller' })
  async unlinkPackage(
    @Param('owner') owner: string,
    @Param('type') type: string,
    @Param('name') name: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<void> {
    await this.catalog.unlink(owner, type, name, actor);
  }
}
