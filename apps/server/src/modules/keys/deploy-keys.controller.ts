import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import {
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
import { IdParam } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { paged } from '../accounts/orgs.controller';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiRepository, toApiRepository } from '../repositories/dto/repository.dto';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { ApiDeployKey, CreateKeyOption, toApiDeployKey } from './dto/ssh-key.dto';
import { SshKeysService } from './ssh-keys.service';

/**
 * `/repos/{owner}/{repo}/keys…`: a repository's deploy keys. As in Forgejo,
 * only the repository's administrators see and change them (others who may
 * read it get 403; those who may not, 404).
 */
@ApiTags('repository')
@ScopeGroup('repository')
@RequireSignIn()
@ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
@ApiForbiddenResponse({ description: 'the caller is not an administrator of the repository' })
@Controller('repos/:owner/:repo/keys')
export class DeployKeysController {
  constructor(
    private readonly keys: SshKeysService,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get()
  @paged()
  @ApiQuery({ name: 'fingerprint', required: false, description: 'only the key with this fingerprint' })
  @ApiOkResponse({ type: [ApiDeployKey] })
  async repoListKeys(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
    @Query('fingerprint') fingerprint?: string,
  ): Promise<PageOf<ApiDeployKey>> {
    const ctx = await this.administered(owner, repo, actor);
    const repository = this.shape(ctx, actor);
    return (await this.keys.list({ repoId: ctx.repo.id }, paging, fingerprint)).map((key) => toApiDeployKey(key, repository));
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: ApiDeployKey })
  @ApiUnprocessableEntityResponse({ description: 'not an acceptable SSH public key, or the key is already in use' })
  async repoCreateKey(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
    @Body() body: CreateKeyOption,
  ): Promise<ApiDeployKey> {
    const ctx = await this.administered(owner, repo, actor);
    const key = await this.keys.add({ repoId: ctx.repo.id }, { title: body.title, key: body.key, readOnly: body.read_only });
    return toApiDeployKey(key, this.shape(ctx, actor));
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiDeployKey })
  async repoGetKey(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('key')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<ApiDeployKey> {
    const ctx = await this.administered(owner, repo, actor);
    return toApiDeployKey(await this.keys.get({ repoId: ctx.repo.id }, id), this.shape(ctx, actor));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the key is deleted' })
  async repoDeleteKey(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('id', new IdParam('key')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const ctx = await this.administered(owner, repo, actor);
    await this.keys.delete({ repoId: ctx.repo.id }, id);
  }

  private async administered(owner: string, repo: string, actor: Actor): Promise<RepoContext> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    return ctx;
  }

  private shape(ctx: RepoContext, actor: Actor): ApiRepository {
    return toApiRepository(ctx.repo, ctx.owner, ctx.permission, actor.user, this.shapes);
  }
}
