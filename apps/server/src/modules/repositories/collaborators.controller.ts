import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { ApiUser } from '../accounts/dto/user.dto';
import { paged } from '../accounts/orgs.controller';
import { CollaboratorsService } from './collaborators.service';
import { AddCollaboratorOption, ApiRepoCollaboratorPermission } from './dto/collaborator.dto';

/**
 * `/repos/{owner}/{repo}/collaborators…`: who else may use a repository.
 * Anyone who may read the repository may look; only its admins may change.
 */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/collaborators')
export class CollaboratorsController {
  constructor(private readonly collaborators: CollaboratorsService) {}

  @Get()
  @RequireSignIn()
  @paged()
  @ApiOkResponse({ type: [ApiUser] })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  repoListCollaborators(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiUser>> {
    return this.collaborators.list(owner, repo, actor, paging);
  }

  @Get(':collaborator')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the user is a collaborator' })
  @ApiNotFoundResponse({ description: 'not a collaborator, or no such repository or user' })
  repoCheckCollaborator(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    return this.collaborators.check(owner, repo, name, actor);
  }

  @Put(':collaborator')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'added, or its permission changed' })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  @ApiNotFoundResponse({ description: 'no such repository or user' })
  repoAddCollaborator(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @Body() body: AddCollaboratorOption,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    return this.collaborators.set(owner, repo, name, body.permission ?? 'write', actor);
  }

  @Delete(':collaborator')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'removed (or was not a collaborator)' })
  @ApiForbiddenResponse({ description: 'not an administrator of the repository' })
  @ApiNotFoundResponse({ description: 'no such repository or user' })
  repoDeleteCollaborator(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    return this.collaborators.remove(owner, repo, name, actor);
  }

  @Get(':collaborator/permission')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiRepoCollaboratorPermission })
  @ApiNotFoundResponse({ description: 'no such repository or user' })
  repoGetRepoPermissions(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('collaborator') name: string,
    @CurrentActor() actor: Actor,
  ): Promise<ApiRepoCollaboratorPermission> {
    return this.collaborators.permissionOf(owner, repo, name, actor);
  }
}
