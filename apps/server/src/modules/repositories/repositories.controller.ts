import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { Paging, PageRequest, setPaginationHeaders } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { paged } from '../accounts/orgs.controller';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepositoryAccess } from './repository-access.service';
import { RepositoryCreation } from './repository-creation.service';
import { RepositoryListing } from './repository-listing.service';
import { RepositoryShaping } from './repository-shaping.service';
import { ORDER_BY_VALUES, parseSearchOrder, SORT_VALUES } from './repository-order';
import { ApiRepository, ApiRepoSearchResults, CreateRepoOption, EditRepoOption } from './dto/repository.dto';
import { RepositoryService } from './repository.service';

/** `/repos/{owner}/{repo}`, `POST /user/repos` and `/repos/search`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller()
export class RepositoriesController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly repositories: RepositoryService,
    private readonly creation: RepositoryCreation,
    private readonly listing: RepositoryListing,
    private readonly shaping: RepositoryShaping,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Post('user/repos')
  @ApiTags('user')
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiRepository })
  @ApiConflictResponse({ description: 'the name is taken' })
  @ApiUnprocessableEntityResponse({ description: 'invalid or reserved name, or invalid default branch' })
  createCurrentUserRepo(@Body() body: CreateRepoOption, @CurrentActor() actor: Actor): Promise<ApiRepository> {
    return this.creation.create(actor.user, body, actor.user);
  }

  @Get('repos/search')
  @ApiQuery({ name: 'q', required: false, description: 'keyword in the name' })
  @ApiQuery({ name: 'uid', required: false, type: 'integer', description: 'only repositories this user owns or has access to' })
  @ApiQuery({ name: 'exclusive', required: false, type: 'boolean', description: 'with uid: only repositories the user owns' })
  @ApiQuery({
    name: 'private',
    required: false,
    type: 'boolean',
    description: 'include private repositories the caller may read (default true)',
  })
  @ApiQuery({ name: 'is_private', required: false, type: 'boolean' })
  @ApiQuery({ name: 'archived', required: false, type: 'boolean' })
  @ApiQuery({ name: 'sort', required: false, enum: SORT_VALUES })
  @ApiQuery({ name: 'order', required: false, enum: ['asc', 'desc'] })
  @ApiQuery({ name: 'order_by', required: false, enum: ORDER_BY_VALUES })
  @paged()
  @ApiOkResponse({ type: ApiRepoSearchResults })
  @ApiUnprocessableEntityResponse({ description: 'unknown sort, order or order_by' })
  async repoSearch(
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiRepoSearchResults> {
    const uid = optionalInteger(query.uid, 'uid');
    const exclusive = optionalBoolean(query.exclusive, 'exclusive') === true;
    const page = await this.listing.list(
      {
        keyword: typeof query.q === 'string' ? query.q : undefined,
        ownerId: uid !== undefined && exclusive ? uid : undefined,
        accessibleToUserId: uid !== undefined && !exclusive ? uid : undefined,
        includePrivate: optionalBoolean(query.private, 'private'),
        isPrivate: optionalBoolean(query.is_private, 'is_private'),
        isArchived: optionalBoolean(query.archived, 'archived'),
        order: parseSearchOrder(query),
      },
      actor?.user,
      paging,
    );
    // Forgejo wraps this list in {ok, data}, so the PageOf interceptor (which sends bare arrays) cannot set the headers.
    setPaginationHeaders(request, reply, paging, page.total, this.shapes.rootUrl);
    return { ok: true, data: page.items };
  }

  @Get('repos/:owner/:repo')
  @ApiOkResponse({ type: ApiRepository })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  async repoGet(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiRepository> {
    return this.shaping.withParent(await this.access.resolve(owner, repo, actor), actor?.user);
  }

  @Patch('repos/:owner/:repo')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiRepository })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  @ApiConflictResponse({ description: 'the new name is taken' })
  @ApiUnprocessableEntityResponse({ description: 'invalid name, or a default branch that does not exist' })
  async repoEdit(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: EditRepoOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRepository> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    if (body.name !== undefined) await this.repositories.rename(ctx.owner, ctx.repo, body.name);
    if (body.default_branch !== undefined) await this.repositories.setDefaultBranch(ctx.owner, ctx.repo, body.default_branch);
    if (body.private !== undefined) await this.repositories.setPrivate(ctx.repo, body.private);
    const details = { description: body.description, website: body.website, isArchived: body.archived };
    const given = Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined));
    if (Object.keys(given).length > 0) await this.repositories.updateDetails(ctx.repo, given);
    return this.shaping.withParent(await this.access.resolve(owner, ctx.repo.name, actor), actor.user);
  }

  @Delete('repos/:owner/:repo')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted, with its wiki, LFS references and attachments; its bytes leave the owner’s usage' })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  async repoDelete(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<void> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    await this.repositories.delete(ctx.owner, ctx.repo, actor.user);
  }
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UnprocessableEntityException(`${name} must be true or false`);
}

function optionalInteger(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new UnprocessableEntityException(`${name} must be a whole number`);
  return Number(value);
}
