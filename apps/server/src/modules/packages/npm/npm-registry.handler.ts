import { BadRequestException, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Owner } from '@bellows/domain';
import { Actor } from '../../../http/auth/actor';
import { Authenticator } from '../../auth/authenticator';
import { PackageAccess, PackageAccessLevel } from '../package-access.service';
import { readJsonBody } from '../request-body';
import { parseNpmPath } from './npm-path';
import { NpmRegistry } from './npm-registry.service';
import { redirectToDirectUrl } from '../../storage/direct-download';

/**
 * Largest JSON document the npm routes read. `npm publish` sends the tarball
 * base64-encoded inside its JSON document: that string streams into storage
 * as it arrives and does not count; the rest of the document does.
 */
export const NPM_DOCUMENT_LIMIT = 100 * 1024 * 1024;

interface OwnerParams {
  owner: string;
}

type Request = FastifyRequest<{ Params: OwnerParams }>;

/** Where the npm registry's requests enter, at `{ROOT_URL}api/packages/{owner}/npm/`: one method per HTTP method. */
@Injectable()
export class NpmRegistryHandler {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly access: PackageAccess,
    private readonly registry: NpmRegistry,
  ) {}

  async get(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const target = parseNpmPath(request.url);
    const { owner, actor } = await this.authorize(request, 'read');
    const pkg = await this.registry.findPackage(owner, target.name, actor);
    switch (target.kind) {
      case 'package':
        return sendJson(reply, 200, await this.registry.packument(owner, pkg));
      case 'dist-tags':
        if (target.tag !== undefined) throw new BadRequestException('read all dist-tags at -/package/{name}/dist-tags');
        return sendJson(reply, 200, await this.registry.distTags(pkg));
      case 'tarball': {
        const tarball = await this.registry.tarball(pkg, target.version, target.fileName);
        if ('directUrl' in tarball) return redirectToDirectUrl(reply, tarball.directUrl, 303).send();
        const { size, content } = tarball;
        return reply.header('content-type', 'application/octet-stream').header('content-length', String(size)).send(content);
      }
      default:
        throw new BadRequestException('this npm registry path is not supported with GET');
    }
  }

  async put(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const target = parseNpmPath(request.url);
    const { owner, actor } = await this.authorize(request, 'write');
    switch (target.kind) {
      case 'package':
        await this.registry.publish(owner, actor!, target.name, request.raw, NPM_DOCUMENT_LIMIT);
        return sendJson(reply, 201, { ok: true });
      case 'revision': {
        const pkg = await this.registry.findPackage(owner, target.name, actor);
        await this.registry.keepOnly(pkg, await readJsonBody(request.raw, NPM_DOCUMENT_LIMIT), actor?.user);
        return sendJson(reply, 200, { ok: true });
      }
      case 'dist-tags': {
        const pkg = await this.registry.findPackage(owner, target.name, actor);
        await this.registry.setDistTag(pkg, target.tag, await readJsonBody(request.raw, 64 * 1024));
        return sendJson(reply, 200, { ok: true });
      }
      default:
        throw new BadRequestException('this npm registry path is not supported with PUT');
    }
  }

  async delete(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const target = parseNpmPath(request.url);
    const { owner, actor } = await this.authorize(request, 'write');
    const pkg = await this.registry.findPackage(owner, target.name, actor);
    switch (target.kind) {
      case 'revision':
        await this.registry.deletePackage(pkg, actor?.user);
        break;
      case 'tarball':
        await this.registry.deleteVersion(pkg, target.version, actor?.user);
        break;
      case 'dist-tags':
        await this.registry.deleteDistTag(pkg, target.tag);
        break;
      default:
        throw new BadRequestException('this npm registry path is not supported with DELETE');
    }
    return sendJson(reply, 200, { ok: true });
  }

  private async authorize(request: Request, level: PackageAccessLevel): Promise<{ owner: Owner; actor: Actor | undefined }> {
    const actor = await this.authenticator.authenticate(request);
    return { owner: await this.access.owner(request.params.owner, actor, level), actor };
  }
}

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}
