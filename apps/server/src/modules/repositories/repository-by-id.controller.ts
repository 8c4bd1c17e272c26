import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { OwnerStore, RepositoryStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, ScopeGroup } from '../../http/auth/auth-metadata';
import { IdParam } from '../../http/id-param.pipe';
import { ApiRepository } from './dto/repository.dto';
import { RepositoryAccess } from './repository-access.service';
import { RepositoryShaping } from './repository-shaping.service';

const MAX_ROW_ID = 2 ** 31 - 1;

/** `GET /repositories/{id}`: a repository by id, for whoever may read it; any other id is a 404 (private ones never show). */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repositories/:id')
export class RepositoryByIdController {
  constructor(
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly access: RepositoryAccess,
    private readonly shaping: RepositoryShaping,
  ) {}

  @Get()
  @ApiOkResponse({ type: ApiRepository })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  async repoGetByID(@Param('id', new IdParam('repository')) id: number, @CurrentActor() actor: Actor | undefined): Promise<ApiRepository> {
    // Ids are 32-bit columns: a larger one names nothing (and PostgreSQL would refuse to compare it).
    const repo = id <= MAX_ROW_ID ? await this.repositories.findById(id) : null;
    const owner = repo && (await this.owners.findById(repo.ownerId));
    const permission = owner && repo ? await this.access.permissionOf(owner, repo, actor?.user) : 'none';
    if (!repo || !owner || permission === 'none') throw new NotFoundException(`repository ${id} does not exist`);
    return this.shaping.withParent({ owner, repo, permission }, actor?.user);
  }
}
