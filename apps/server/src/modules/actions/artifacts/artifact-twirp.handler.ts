import { BadRequestException, ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Artifact } from '@bellows/domain';
import { RuntimeClaims, RuntimeTokenError, RuntimeTokens } from '../runs/runtime-token';
import { checkArtifactFormat } from './artifact-format';
import { ArtifactService } from './artifact.service';
import { sendTwirpError } from './twirp-errors';

type TwirpBody = Record<string, unknown>;
type TwirpMethod = (claims: RuntimeClaims, body: TwirpBody) => Promise<object>;

/**
 * The Twirp service `github.actions.results.api.v1.ArtifactService` that
 * @actions/artifact (v2+) calls: JSON bodies with protobuf field names, int64
 * as strings, timestamps as RFC 3339. Every call carries the run's runtime
 * token as a Bearer token, verified here, and names the run and job it is for,
 * which must be the ones the token was issued for. Fields a newer client adds
 * and Bellows has no use for are ignored (see artifact-format.ts).
 */
@Injectable()
export class ArtifactTwirpHandler {
  private readonly methods: Record<string, TwirpMethod> = {
    CreateArtifact: (claims, body) => this.createArtifact(claims, body),
    FinalizeArtifact: (claims, body) => this.finalizeArtifact(claims, body),
    ListArtifacts: (claims, body) => this.listArtifacts(claims, body),
    GetSignedArtifactURL: (claims, body) => this.getSignedArtifactUrl(claims, body),
    DeleteArtifact: (claims, body) => this.deleteArtifact(claims, body),
  };

  constructor(
    private readonly tokens: RuntimeTokens,
    private readonly artifacts: ArtifactService,
  ) {}

  async handle(request: FastifyRequest<{ Params: { method: string } }>, reply: FastifyReply): Promise<void> {
    try {
      const method = Object.hasOwn(this.methods, request.params.method) ? this.methods[request.params.method] : undefined;
      if (!method) throw new NotFoundException(`ArtifactService has no method ${request.params.method}`);
      const claims = this.authenticate(request);
      const body = (request.body ?? {}) as TwirpBody;
      if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestException('the request body must be a JSON object');
      this.assertSameJob(claims, body);
      await reply
        .code(200)
        .type('application/json')
        .send(await method(claims, body));
    } catch (error) {
      sendTwirpError(error, reply);
    }
  }

  private authenticate(request: FastifyRequest): RuntimeClaims {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new UnauthorizedException('a runtime token is required (Authorization: Bearer …)');
    try {
      return this.tokens.verify(match[1]);
    } catch (error) {
      if (error instanceof RuntimeTokenError) throw new UnauthorizedException(error.message);
      throw error;
    }
  }

  /** The ids in the body must be those of the token: a job works on its own run only. */
  private assertSameJob(claims: RuntimeClaims, body: TwirpBody): void {
    if (
      String(body.workflow_run_backend_id ?? '') !== String(claims.runId) ||
      String(body.workflow_job_run_backend_id ?? claims.jobId) !== claims.jobId
    ) {
      throw new ForbiddenException('the runtime token is for another run or job');
    }
  }

  private async createArtifact(claims: RuntimeClaims, body: TwirpBody): Promise<object> {
    checkArtifactFormat(body);
    const signedUploadUrl = await this.artifacts.create(claims, body.name, optionalTimestamp(body.expires_at, 'expires_at'));
    return { ok: true, signed_upload_url: signedUploadUrl };
  }

  private async finalizeArtifact(claims: RuntimeClaims, body: TwirpBody): Promise<object> {
    const hash = body.hash === undefined || body.hash === null ? undefined : String(body.hash);
    const artifact = await this.artifacts.finalize(claims, {
      name: requiredString(body.name, 'name'),
      size: int64(body.size, 'size'),
      hash,
    });
    return { ok: true, artifact_id: String(artifact.id) };
  }

  private async listArtifacts(claims: RuntimeClaims, body: TwirpBody): Promise<object> {
    const name = body.name_filter === undefined || body.name_filter === null ? undefined : String(body.name_filter);
    const id = body.id_filter === undefined || body.id_filter === null ? undefined : int64(body.id_filter, 'id_filter');
    const artifacts = await this.artifacts.listForRun(claims, { name, id });
    return { artifacts: artifacts.map((artifact) => monolithArtifact(claims, artifact)) };
  }

  private async getSignedArtifactUrl(claims: RuntimeClaims, body: TwirpBody): Promise<object> {
    return { signed_url: await this.artifacts.signedDownloadUrl(claims, requiredString(body.name, 'name')) };
  }

  private async deleteArtifact(claims: RuntimeClaims, body: TwirpBody): Promise<object> {
    const artifact = await this.artifacts.deleteByName(claims, requiredString(body.name, 'name'));
    return { ok: true, artifact_id: String(artifact.id) };
  }
}

function monolithArtifact(claims: RuntimeClaims, artifact: Artifact): object {
  return {
    workflow_run_backend_id: String(claims.runId),
    workflow_job_run_backend_id: claims.jobId,
    database_id: String(artifact.id),
    name: artifact.name,
    size: String(artifact.compressedSize),
    ...(artifact.createdAt && { created_at: artifact.createdAt.toISOString() }),
    ...(artifact.sha256 && { digest: `sha256:${artifact.sha256}` }),
  };
}

function requiredString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new BadRequestException(`${field}: required`);
  return value;
}

/** int64 fields arrive as decimal strings (or numbers from other clients). */
function int64(value: unknown, field: string): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) throw new BadRequestException(`${field}: must be a non-negative whole number`);
  return Number(text);
}

function optionalTimestamp(value: unknown, field: string): Date | undefined {
  if (value === undefined || value === null) return undefined;
  const date = typeof value === 'string' ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw new BadRequestException(`${field}: must be an RFC 3339 timestamp`);
  return date;
}
