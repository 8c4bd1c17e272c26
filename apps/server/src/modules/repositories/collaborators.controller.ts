import { Body, Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Database } from '@bellows/persistence-typeorm';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiUser, ShapeContext, toApiUser } from '../accounts/api-shapes';
import { paged } from '../accounts/orgs.controller';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { UsersService } from '../accounts/users.service';
import { RepositoryAccess } from './repository-access.service';
import { AddCollaboratorOption } from './repository-options.dto';
import { ApiRepoCollaboratorPermission } from './repository-shapes';

/**
 * `/repos/{owner}/{repo}/collaborators…`: who else may use a repository.
 * Anyone who may read the repository may look; only its admins may change.
 */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/collaborators')
export class CollaboratorsController {
  constructor(
    private readonly db: Database,
    private readonly access: RepositoryAccess,
    private readonly users: UsersService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get()
  @RequireSignIn()
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  async repoListCollaborators(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const [rows, total] = await this.db.collaborations.list(ctx.repo.id, paging.offset, paging.limit);
    return new PageOf(rows.map((row) => toApiUser(row.user, actor.user, this.shapes)), total, paging);
  }

  @Get(':collaborator')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the user is a collaborator' })
  @ApiNotFoundResponse({ description: 'not a collaborator, or no such repository or user' })
  async repoCheckCollaborator(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const user = await this.users.requireStoredUserByName(name);
    if (!(await this.db.collaborations.modeOf(ctx.repo.id, user.id))) throw new NotFoundException(`"${user.name}" is not a collaborator of ${owner}/${repo}`);
  }

  @Put(':collaborator')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'added, or its permission changed' })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  @ApiNotFoundResponse({ description: 'no such repository or user' })
  async repoAddCollaborator(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @Body() body: AddCollaboratorOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    const user = await this.users.requireStoredUserByName(name);
    await this.db.collaborations.set(ctx.repo.id, user.id, body.permission ?? 'write');
  }

  @Delete(':collaborator')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'removed (or was not a collaborator)' })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  @ApiNotFoundResponse({ description: 'no such repository or user' })
  async repoDeleteCollaborator(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    const user = await this.users.requireStoredUserByName(name);
    await this.db.collaborations.remove(ctx.repo.id, user.id);
  }

  @Get(':collaborator/permission')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiRepoCollaboratorPermission })
  @ApiNotFoundResponse({ description: 'no such repository or user' })
  async repoGetRepoPermissions(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRepoCollaboratorPermission> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const user = await this.users.requireStoredUserByName(name);
    const permission = await this.access.permissionOf(ctx.owner, ctx.repo, user);
    return { permission, role_name: permission, user: toApiUser(user, actor.user, this.shapes) };
  }
}
