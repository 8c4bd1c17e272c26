import { BadRequestException, ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Readable } from 'node:stream';
import { ActionRun, ActionRunStore, Artifact, ArtifactStore, ArtifactUpload, UnitOfWork } from '@bellows/domain';
import { CONFIG } from '../../../app/tokens';
import { BellowsConfig } from '../../../config';
import { PageRequest } from '../../../http/pagination';
import { RepoContext } from '../../repositories/repository-access.service';
import { RuntimeClaims } from '../runs/runtime-token';
import { ArtifactBlobs } from './artifact-blobs';
import { checkArtifactName } from './artifact-name';
import { ApiActionArtifact, ApiActionArtifactList, toApiArtifact } from './dto/artifact.dto';
import { UrlSigner } from './url-signer';
import { DIRECT_DOWNLOAD_SECONDS } from '../../storage/direct-download';
import { parseId } from '../../../http/id-param.pipe';

/** How long a signed upload or download URL works. */
const SIGNED_URL_LIFETIME_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The paths (below ROOT_URL) the signed URLs point to; ArtifactBlobRoutes serves them. */
export const uploadPath = (uploadId: number | string) => `api/actions/artifact-uploads/${uploadId}`;
export const downloadPath = (artifactId: number | string) => `api/actions/artifacts/${artifactId}/content`;

export interface FinalizeRequest {
  name: string;
  size: number;
  /** `sha256:<hex>` as the artifact client sends it, when it sends one. */
  hash?: string;
}

/**
 * The artifacts of actions runs as the artifact protocol sees them: a run's
 * job creates an upload, sends the zip to a signed URL, and finalizes it with
 * the size and hash it sent. Only a finalized artifact exists (and counts
 * toward the repository owner's quota, which the ArtifactStore keeps).
 */
@Injectable()
export class ArtifactService {
  constructor(
    private readonly runs: ActionRunStore,
    private readonly artifacts: ArtifactStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly blobs: ArtifactBlobs,
    private readonly signer: UrlSigner,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  /** Starts an upload; answers the signed URL its zip goes to. 409 when the run already has an artifact of that name. */
  async create(claims: RuntimeClaims, rawName: unknown, requestedExpiry: Date | undefined): Promise<string> {
    const run = await this.runOf(claims);
    const name = checkArtifactName(rawName);
    await this.assertNameFree(run, name);
    const expiresAt = requestedExpiry ?? new Date(Date.now() + this.config.actions.artifactRetentionDays * DAY_MS);
    if (expiresAt.getTime() <= Date.now()) throw new BadRequestException('expires_at: must be in the future');
    const upload = await this.runs.insertUpload({ runId: run.id, name, expiresAt });
    return this.signer.sign(uploadPath(upload.id), SIGNED_URL_LIFETIME_MS);
  }

  /** The upload a signed URL names, while it waits for its content. */
  async pendingUpload(uploadId: number): Promise<ArtifactUpload> {
    const upload = await this.runs.findUpload(uploadId);
    if (!upload) throw new NotFoundException('the upload does not exist (finalized or abandoned)');
    return upload;
  }

  async receiveBlock(upload: ArtifactUpload, blockId: string, content: Readable, signal?: AbortSignal): Promise<void> {
    if (!/^[A-Za-z0-9+/=_-]{1,128}$/.test(blockId)) throw new BadRequestException('blockid: must be base64 of at most 128 characters');
    await this.blobs.writeBlock(upload.id, blockId, content, signal);
  }

  /** Puts the listed blocks together into the artifact's zip. */
  async commitBlocks(upload: ArtifactUpload, blockIds: string[]): Promise<void> {
    if (blockIds.length === 0) throw new BadRequestException('the block list is empty');
    if (!(await this.blobs.hasBlocks(upload.id, blockIds)))
      throw new BadRequestException('the block list names a block that was not uploaded');
    const stored = await this.blobs.assemble(upload.id, blockIds);
    await this.runs.markUploadAssembled(upload.id, { storageKey: stored.key, size: stored.size, sha256: stored.sha256 });
  }

  /** The whole zip in one request (a single-shot block blob upload). */
  async receiveWhole(upload: ArtifactUpload, content: Readable, signal?: AbortSignal): Promise<void> {
    const stored = await this.blobs.writeZip(upload.id, content, signal);
    await this.runs.markUploadAssembled(upload.id, { storageKey: stored.key, size: stored.size, sha256: stored.sha256 });
  }

  /**
   * Turns the upload into an artifact once its zip is stored and matches the
   * size (and hash) the client announces. A mismatch discards the upload: the
   * client starts over with a new one.
   */
  async finalize(claims: RuntimeClaims, request: FinalizeRequest): Promise<Artifact> {
    const run = await this.runOf(claims);
    const upload = await this.runs.findUploadByName(run.id, request.name);
    if (!upload) throw new NotFoundException(`no upload of an artifact named "${request.name}" in this run`);
    if (!upload.storageKey || upload.size === null) throw new BadRequestException(`artifact "${request.name}" has no uploaded content yet`);
    const mismatch = this.mismatchOf(upload, request);
    if (mismatch) {
      await this.discardUpload(upload);
      throw new BadRequestException(mismatch);
    }
    return this.unitOfWork.run(async (tx) => {
      const artifact = await tx.artifacts.insert({
        repoId: run.repoId,
        runId: run.id,
        name: upload.name,
        compressedSize: upload.size ?? 0,
        expiresAt: upload.expiresAt,
        storageKey: upload.storageKey,
        sha256: upload.sha256,
        createdAt: new Date(),
      });
      // By id: of two finalizations of one upload, only the first records an artifact.
      if (!(await tx.actionRuns.deleteUpload(upload.id))) throw new NotFoundException(`artifact "${request.name}" was finalized already`);
      return artifact;
    });
  }

  /** The run's downloadable artifacts, optionally one name or id. */
  async listForRun(claims: RuntimeClaims, filter: { name?: string; id?: number }): Promise<Artifact[]> {
    const run = await this.runOf(claims);
    const artifacts = await this.artifacts.listActiveForRuns([run.id]);
    return artifacts.filter(
      (a) => (filter.name === undefined || a.name === filter.name) && (filter.id === undefined || a.id === filter.id),
    );
  }

  /** A signed download URL of the run's newest artifact named `name`. */
  async signedDownloadUrl(claims: RuntimeClaims, name: string): Promise<string> {
    const artifact = await this.newestNamed(claims, name);
    return this.downloadUrlOf(artifact);
  }

  downloadUrlOf(artifact: Artifact): string {
    return this.signer.sign(downloadPath(artifact.id), SIGNED_URL_LIFETIME_MS);
  }

  async deleteByName(claims: RuntimeClaims, name: string): Promise<Artifact> {
    const artifact = await this.newestNamed(claims, name);
    await this.delete(artifact);
    return artifact;
  }

  /** Deletes the artifact: its row (and usage) first, then its file. */
  async delete(artifact: Artifact): Promise<void> {
    if (await this.artifacts.delete(artifact.id)) await this.blobs.remove(artifact.storageKey);
  }

  /** The zip of an artifact; 410 once it has expired. */
  async openZip(artifact: Artifact): Promise<Readable> {
    return this.blobs.read(this.zipKeyOf(artifact));
  }

  /**
   * With `[actions.artifacts] SERVE_DIRECT` on object storage, a presigned URL of
   * the zip to redirect to (null otherwise); 410 once it has expired. Ask only
   * after the caller's access is checked.
   */
  async directZipUrl(artifact: Artifact): Promise<string | null> {
    return this.blobs.presignedReadUrl(this.zipKeyOf(artifact), {
      expiresInSeconds: DIRECT_DOWNLOAD_SECONDS,
      filename: `${artifact.name}.zip`,
      contentType: 'application/zip',
    });
  }

  private zipKeyOf(artifact: Artifact): string {
    if (artifact.status !== 'active' || !artifact.storageKey) throw new GoneException(`artifact ${artifact.id} has expired`);
    return artifact.storageKey;
  }

  /** A repository's artifacts (of one run, or all) in GitHub's REST shape, newest first. */
  async listOfRepository(ctx: RepoContext, runId: number | undefined, paging: PageRequest): Promise<ApiActionArtifactList> {
    const [rows, total] = await this.artifacts.listForRepository({ repoId: ctx.repo.id, runId }, paging.offset, paging.limit);
    return { total_count: total, artifacts: rows.map((row) => this.toApi(ctx, row)) };
  }

  /** The repository's artifact whose id the path gives; null when it has none such. */
  async findInRepository(ctx: RepoContext, id: string): Promise<Artifact | null> {
    const artifactId = parseId(id);
    const artifact = artifactId === null ? null : await this.artifacts.findById(artifactId);
    return artifact?.repoId === ctx.repo.id ? artifact : null;
  }

  /** The artifact in GitHub's REST shape, its URLs under `{ROOT_URL}api/v1/repos/{owner}/{repo}`. */
  toApi(ctx: RepoContext, artifact: Artifact): ApiActionArtifact {
    const repoApiUrl = `${this.config.server.rootUrl}api/v1/repos/${encodeURIComponent(ctx.owner.name)}/${encodeURIComponent(ctx.repo.name)}`;
    return toApiArtifact(artifact, repoApiUrl);
  }

  async findById(id: number): Promise<Artifact> {
    const artifact = await this.artifacts.findById(id);
    if (!artifact) throw new NotFoundException(`artifact ${id} does not exist`);
    return artifact;
  }

  async discardUpload(upload: ArtifactUpload): Promise<void> {
    await this.runs.deleteUpload(upload.id);
    await this.blobs.discardBlocks(upload.id);
    await this.blobs.remove(upload.storageKey);
  }

  private async runOf(claims: RuntimeClaims): Promise<ActionRun> {
    const run = await this.runs.findById(claims.runId);
    if (!run) throw new NotFoundException(`run ${claims.runId} does not exist`);
    return run;
  }

  private async assertNameFree(run: ActionRun, name: string): Promise<void> {
    const [, finalized] = await this.artifacts.listForRepository({ repoId: run.repoId, runId: run.id, name }, 0, 1);
    if (finalized > 0 || (await this.runs.findUploadByName(run.id, name))) {
      throw new ConflictException(`the run already has an artifact named "${name}"`);
    }
  }

  private async newestNamed(claims: RuntimeClaims, name: string): Promise<Artifact> {
    const matching = await this.listForRun(claims, { name });
    const newest = matching[matching.length - 1];
    if (!newest) throw new NotFoundException(`no artifact named "${name}" in this run`);
    return newest;
  }

  private mismatchOf(upload: ArtifactUpload, request: FinalizeRequest): string | undefined {
    if (request.size !== upload.size) return `size: ${request.size} announced, ${upload.size} bytes uploaded`;
    if (request.hash !== undefined && request.hash !== `sha256:${upload.sha256}`) return 'hash: does not match the uploaded content';
    return undefined;
  }
}
