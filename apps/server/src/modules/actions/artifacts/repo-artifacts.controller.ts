import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { redirectToDirectUrl } from '../../storage/direct-download';
import {
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { Artifact } from '@bellows/domain';
import { Actor } from '../../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../../http/auth/auth-metadata';
import { Paging, PageRequest } from '../../../http/pagination';
import { RepoContext, RepositoryAccess } from '../../repositories/repository-access.service';
import { ActionRunsService } from '../runs/action-runs.service';
import { ApiActionArtifact, ApiActionArtifactList } from './dto/artifact.dto';
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
    private readonly access: RepositoryAccess,
    private readonly runs: ActionRunsService,
    private readonly artifacts: ArtifactService,
  ) {}

  @Get('artifacts')
  @ApiQuery({ name: 'name', required: false })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiActionArtifactList })
  async getArtifacts(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<ApiActionArtifactList> {
    const ctx = await this.access.resolve(owner, repo, actor);
    return this.artifacts.listOfRepository(ctx, undefined, paging);
  }

  @Get('runs/:run_id/artifacts')
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: ApiActionArtifactList })
  async getArtifactsOfRun(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('run_id') runId: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<ApiActionArtifactList> {
    const { ctx, run } = await this.runs.resolveRun(owner, repo, runId, actor);
    return this.artifacts.listOfRepository(ctx, run.id, paging);
  }

  @Get('artifacts/:artifact_id')
  @ApiOkResponse({ type: ApiActionArtifact })
  @ApiNotFoundResponse()
  async getArtifact(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('artifact_id') id: string,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiActionArtifact> {
    const { ctx, artifact } = await this.resolve(owner, repo, id, actor);
    return this.artifacts.toApi(ctx, artifact);
  }

  @Delete('artifacts/:artifact_id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'deleted; its size no longer counts' })
  @ApiForbiddenResponse({ description: 'no write access' })
  async deleteArtifact(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('artifact_id') id: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    const { ctx, artifact } = await this.resolve(owner, repo, id, actor);
    this.access.requireWrite(ctx);
    await this.artifacts.delete(artifact);
  }

  @Get('artifacts/:artifact_id/zip')
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: "the artifact's zip" })
  @ApiGoneResponse({ description: 'the artifact has expired' })
  async downloadArtifact(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('artifact_id') id: string,
    @CurrentActor() actor: Actor | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const { artifact } = await this.resolve(owner, repo, id, actor);
    // SERVE_DIRECT: 302 to the object store, as Forgejo's DownloadArtifactV4ServeDirectOnly.
    const directUrl = await this.artifacts.directZipUrl(artifact);
    if (directUrl !== null) {
      redirectToDirectUrl(reply, directUrl, 302);
      return undefined;
    }
    const zip = await this.artifacts.openZip(artifact);
    return new StreamableFile(zip, {
      type: 'application/zip',
      length: artifact.compressedSize,
      disposition: `attachment; filename="${encodeURIComponent(artifact.name)}.zip"`,
    });
  }

  private async resolve(
    owner: string,
    repo: string,
    id: string,
    actor: Actor | undefined,
  ): Promise<{ ctx: RepoContext; artifact: Artifact }> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const artifact = await this.artifacts.findInRepository(ctx, id);
    if (!artifact) throw new NotFoundException(`artifact ${id} does not exist in ${owner}/${repo}`);
    return { ctx, artifact };
  }
}
