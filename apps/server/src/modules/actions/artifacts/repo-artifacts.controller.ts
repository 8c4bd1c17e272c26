import { Controller, Delete, Get, HttpCode, Inject, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import { ApiForbiddenResponse, ApiGoneResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ActionArtifactEntity, Database } from '@bellows/persistence-typeorm';
import { CONFIG } from '../../../app/tokens';
import { BellowsConfig } from '../../../config';
import { Actor } from '../../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../../http/auth/auth-metadata';
import { Paging, PageRequest } from '../../../http/pagination';
import { RepoContext, RepositoryAccess } from '../../repositories/repository-access.service';
import { ActionRunsService } from '../runs/action-runs.service';
import { ApiActionArtifact, ApiActionArtifactList, toApiArtifact } from './artifact-shapes';
import { ArtifactService } from './artifact.service';

/**
 * A repository's artifacts with GitHub's REST shapes:
 * `/repos/{owner}/{repo}/actions/artifacts…` and `…/actions/runs/{run_id}/artifacts`.
 * Reading needs read access; deleting needs write access.
 */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/actions')
export class RepoArtifactsController {
  constructor(
    private readonly db: Database,
    private readonly access: RepositoryAccess,
    private readonly runs: ActionRunsService,
    private readonly artifacts: ArtifactService,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  @Get('artifacts')
  @ApiQuery({ name: 'name', required: false })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiActionArtifactList })
  async getArtifacts(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor | undefined, @Paging() paging: PageRequest): Promise<ApiActionArtifactList> {
    const ctx = await this.access.resolve(owner, repo, actor);
    return this.list(ctx, undefined, paging);
  }

  @Get('runs/:run_id/artifacts')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiActionArtifactList })
  async getArtifactsOfRun(@Param('owner') owner: string, @Param('repo') repo: string, @Param('run_id') runId: string, @CurrentActor() actor: Actor | undefined, @Paging() paging: PageRequest): Promise<ApiActionArtifactList> {
    const { ctx, run } = await this.runs.resolveRun(owner, repo, runId, actor);
    return this.list(ctx, run.id, paging);
  }

  @Get('artifacts/:artifact_id')
  @ApiOkResponse({ type: ApiActionArtifact })
  @ApiNotFoundResponse()
  async getArtifact(@Param('owner') owner: string, @Param('repo') repo: string, @Param('artifact_id') id: string, @CurrentActor() actor: Actor | undefined): Promise<ApiActionArtifact> {
    const { ctx, artifact } = await this.resolve(owner, repo, id, actor);
    return toApiArtifact(artifact, this.repoApiUrl(ctx));
  }

  @Delete('artifacts/:artifact_id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'deleted; its size no longer counts' })
  @ApiForbiddenResponse({ description: 'no write access' })
  async deleteArtifact(@Param('owner') owner: string, @Param('repo') repo: string, @Param('artifact_id') id: string, @CurrentActor() actor: Actor): Promise<void> {
    const { ctx, artifact } = await this.resolve(owner, repo, id, actor);
    this.access.requireWrite(ctx);
    await this.artifacts.delete(artifact);
  }

  @Get('artifacts/:artifact_id/zip')
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'the artifact\'s zip' })
  @ApiGoneResponse({ description: 'the artifact has expired' })
  async downloadArtifact(@Param('owner') owner: string, @Param('repo') repo: string, @Param('artifact_id') id: string, @CurrentActor() actor: Actor | undefined): Promise<StreamableFile> {
    const { artifact } = await this.resolve(owner, repo, id, actor);
    const zip = await this.artifacts.openZip(artifact);
    return new StreamableFile(zip, { type: 'application/zip', length: artifact.compressedSize, disposition: `attachment; filename="${encodeURIComponent(artifact.name)}.zip"` });
  }

  private async list(ctx: RepoContext, runId: number | undefined, paging: PageRequest): Promise<ApiActionArtifactList> {
    const [rows, total] = await this.db.artifacts.listForRepository({ repoId: ctx.repo.id, runId }, paging.offset, paging.limit);
    return { total_count: total, artifacts: rows.map((row) => toApiArtifact(row, this.repoApiUrl(ctx))) };
  }

  private async resolve(owner: string, repo: string, id: string, actor: Actor | undefined): Promise<{ ctx: RepoContext; artifact: ActionArtifactEntity }> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const artifact = /^\d{1,15}$/.test(id) ? await this.db.artifacts.findById(Number(id)) : null;
    if (!artifact || artifact.repoId !== ctx.repo.id) throw new NotFoundException(`artifact ${id} does not exist in ${owner}/${repo}`);
    return { ctx, artifact };
  }

  private repoApiUrl(ctx: RepoContext): string {
    return `${this.config.server.rootUrl}api/v1/repos/${encodeURIComponent(ctx.owner.name)}/${encodeURIComponent(ctx.repo.name)}`;
  }
}
