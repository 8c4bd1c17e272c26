import {
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OwnerStore } from '@bellows/domain';
import { CONFIG } from '../../../app/tokens';
import { BellowsConfig } from '../../../config';
import { Actor } from '../../../http/auth/actor';
import { Authenticator } from '../../auth/authenticator';
import { RepoContext } from '../../repositories/repository-access.service';
import { GIT_AUTHENTICATION, GitAccessLevel, GitRequestAccess } from '../git-request-access';
import { GitRouteTarget, parseGitRouteTarget } from '../git-route-target';
import { LfsActionTokens, LFS_ACTION_SCHEME } from './lfs-action-token';
import {
  isLfsOid,
  isLfsSize,
  LFS_CONTENT_TYPE,
  LfsAction,
  LfsObjectResult,
  LfsOperation,
  LfsPointer,
  parseBatchRequest,
  pointerProblem,
} from './lfs-batch';
import { LfsObjectStorage } from './lfs-object-storage';
import { DIRECT_DOWNLOAD_SECONDS, redirectToDirectUrl } from '../../storage/direct-download';

interface RepoParams {
  owner: string;
  repo: string;
}

interface ObjectParams extends RepoParams {
  oid: string;
}

/** How long the actions of a batch answer stay usable. */
const ACTION_LIFETIME_SECONDS = 3600;

/**
 * Git LFS over HTTP: the batch API and the basic transfer's object upload,
 * download and verify, under `{owner}/{repo}.git/info/lfs/`. Authenticated like
 * git (downloads need read access, uploads write access); the transfer
 * requests carry a short-lived signed grant handed out by the batch answer.
 */
@Injectable()
export class LfsHandler {
  private readonly tokens: LfsActionTokens;

  constructor(
    private readonly owners: OwnerStore,
    private readonly authenticator: Authenticator,
    private readonly access: GitRequestAccess,
    private readonly objects: LfsObjectStorage,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {
    this.tokens = new LfsActionTokens(config.security.secretKey);
  }

  /** `POST …/info/lfs/objects/batch` */
  async batch(request: FastifyRequest<{ Params: RepoParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const target = lfsTarget(request.params);
    const batch = parseBatchRequest(request.body);
    const actor = await this.actorOf(request);
    const ctx = await this.access.authorizeActor(actor, target, levelOf(batch.operation));
    const objects = await Promise.all(batch.objects.map((pointer) => this.describe(ctx, actor, batch.operation, pointer)));
    return reply.header('content-type', LFS_CONTENT_TYPE).send(JSON.stringify({ transfer: 'basic', objects, hash_algo: 'sha256' }));
  }

  /** `PUT …/info/lfs/objects/{oid}`: the object's bytes, streamed into storage. */
  async upload(request: FastifyRequest<{ Params: ObjectParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const { ctx, oid } = await this.authorizeObject(request, 'write');
    await this.objects.upload(ctx.repo.id, oid, request.raw, announcedSize(request));
    return reply.status(200).send();
  }

  /** `GET …/info/lfs/objects/{oid}`: the object's bytes, streamed from storage (or, SERVE_DIRECT, 302 to a presigned URL). */
  async download(request: FastifyRequest<{ Params: ObjectParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const { ctx, oid } = await this.authorizeObject(request, 'read');
    const object = await this.objects.findInRepository(ctx.repo.id, oid);
    if (!object) throw new NotFoundException(`LFS object ${oid} does not exist in this repository`);
    const directUrl = await this.objects.directUrl(oid);
    if (directUrl !== null) return redirectToDirectUrl(reply, directUrl, 302).send();
    const content = await this.objects.open(oid);
    return reply.header('content-type', 'application/octet-stream').header('content-length', String(object.size)).send(content);
  }

  /** `POST …/info/lfs/objects/{oid}/verify` with `{oid, size}`: is the upload complete? */
  async verify(request: FastifyRequest<{ Params: ObjectParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const { ctx, oid } = await this.authorizeObject(request, 'write');
    const { oid: bodyOid, size } = (request.body ?? {}) as Record<string, unknown>;
    if (bodyOid !== undefined && bodyOid !== oid) throw new UnprocessableEntityException('oid in the body differs from the oid in the URL');
    if (!isLfsSize(size)) throw new UnprocessableEntityException('size must be a non-negative integer');
    const object = await this.objects.findInRepository(ctx.repo.id, oid);
    if (!object) throw new NotFoundException(`LFS object ${oid} does not exist in this repository`);
    if (object.size !== size) throw new UnprocessableEntityException(`LFS object ${oid} has ${object.size} bytes, not ${size}`);
    return reply.header('content-type', LFS_CONTENT_TYPE).send(JSON.stringify({ oid, size }));
  }

  private async authorizeObject(
    request: FastifyRequest<{ Params: ObjectParams }>,
    level: GitAccessLevel,
  ): Promise<{ ctx: RepoContext; oid: string }> {
    const target = lfsTarget(request.params);
    const oid = request.params.oid;
    if (!isLfsOid(oid)) throw new BadRequestException('oid must be 64 lower-case hexadecimal characters (a sha256)');
    const { actor, grantedRepoId } = await this.callerOf(request);
    const ctx = await this.access.authorizeActor(actor, target, level);
    if (grantedRepoId !== undefined && grantedRepoId !== ctx.repo.id)
      throw new UnauthorizedException('the LFS transfer token was issued for another repository');
    return { ctx, oid };
  }

  private async actorOf(request: FastifyRequest): Promise<Actor | undefined> {
    return (await this.callerOf(request)).actor;
  }

  /** The caller: the user of a valid action grant (and its repository), or whoever the usual credentials name. */
  private async callerOf(request: FastifyRequest): Promise<{ actor: Actor | undefined; grantedRepoId?: number }> {
    const [scheme, token] = (request.headers.authorization ?? '').trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() !== LFS_ACTION_SCHEME.toLowerCase())
      return { actor: await this.authenticator.authenticate(request, GIT_AUTHENTICATION) };
    const grant = token ? this.tokens.verify(token) : null;
    const user = grant ? await this.owners.findById(grant.userId) : null;
    if (!grant || !user || !user.isActive || user.prohibitLogin)
      throw new UnauthorizedException('the LFS transfer token is invalid or has expired: run the command again');
    // The grant stands in for a token limited to its operation; permissions are checked afresh.
    const scope = grant.operation === 'upload' ? 'write:repository' : 'read:repository';
    return { actor: { user, method: 'token', scopes: [scope] }, grantedRepoId: grant.repoId };
  }

  private async describe(
    ctx: RepoContext,
    actor: Actor | undefined,
    operation: LfsOperation,
    pointer: LfsPointer,
  ): Promise<LfsObjectResult> {
    const problem = pointerProblem(pointer);
    if (problem) return { ...pointer, error: { code: 422, message: problem } };
    const existing = await this.objects.findInRepository(ctx.repo.id, pointer.oid);
    if (operation === 'download') {
      if (!existing) return { ...pointer, error: { code: 404, message: 'object does not exist' } };
      if (existing.size !== pointer.size)
        return { ...pointer, error: { code: 422, message: `object has ${existing.size} bytes, not ${pointer.size}` } };
      // SERVE_DIRECT: as Forgejo, the client fetches from the object store itself (no Authorization header: the URL is signed).
      const directUrl = await this.objects.directUrl(pointer.oid);
      const download =
        directUrl !== null
          ? { href: directUrl, expires_in: DIRECT_DOWNLOAD_SECONDS }
          : this.action(ctx, actor, 'download', pointer.oid, '');
      return { ...pointer, authenticated: true, actions: { download } };
    }
    if (existing && existing.size === pointer.size) return { ...pointer, authenticated: true }; // already there: nothing to send
    return {
      ...pointer,
      authenticated: true,
      actions: {
        upload: this.action(ctx, actor, 'upload', pointer.oid, ''),
        verify: this.action(ctx, actor, 'upload', pointer.oid, '/verify'),
      },
    };
  }

  private action(ctx: RepoContext, actor: Actor | undefined, operation: LfsOperation, oid: string, suffix: string): LfsAction {
    const href = `${this.config.server.rootUrl}${encodeURIComponent(ctx.owner.name)}/${encodeURIComponent(ctx.repo.name)}.git/info/lfs/objects/${oid}${suffix}`;
    if (!actor) return { href, expires_in: ACTION_LIFETIME_SECONDS };
    const token = this.tokens.sign({
      userId: actor.user.id,
      repoId: ctx.repo.id,
      operation,
      expiresAt: Date.now() + ACTION_LIFETIME_SECONDS * 1000,
    });
    return { href, header: { Authorization: `${LFS_ACTION_SCHEME} ${token}` }, expires_in: ACTION_LIFETIME_SECONDS };
  }
}

/** LFS belongs to repositories; wikis have none. */
function lfsTarget(params: RepoParams): GitRouteTarget {
  const target = parseGitRouteTarget(params.owner, params.repo);
  if (target.wiki) throw new NotFoundException('wikis do not store LFS objects');
  return target;
}

function levelOf(operation: LfsOperation): GitAccessLevel {
  return operation === 'upload' ? 'write' : 'read';
}

/** The upload's length from Content-Length, when the client sent one. */
function announcedSize(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  if (header === undefined) return undefined;
  const size = Number(header);
  if (!isLfsSize(size)) throw new BadRequestException('Content-Length must be a non-negative integer');
  return size;
}
