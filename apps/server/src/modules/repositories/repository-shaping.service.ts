import { Inject, Injectable } from '@nestjs/common';
import { Owner } from '@bellows/domain';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiRepository, toApiRepository } from './dto/repository.dto';
import { RepoContext, RepositoryAccess } from './repository-access.service';

/** A single repository's JSON, with its `parent` when it is a fork (Forgejo shows the parent only to those who may see it). */
@Injectable()
export class RepositoryShaping {
  constructor(
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async withParent(ctx: RepoContext, viewer: Owner | undefined): Promise<ApiRepository> {
    const answer = toApiRepository(ctx.repo, ctx.owner, ctx.permission, viewer, this.shapes);
    const parent = await this.access.parentOf(ctx.repo, viewer);
    if (parent) answer.parent = toApiRepository(parent.repo, parent.owner, parent.permission, viewer, this.shapes);
    return answer;
  }
}
