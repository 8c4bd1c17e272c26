import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { Database, OwnerEntity, PackageEntity } from '@bellows/persistence-typeorm';
import { CONFIG } from '../../../app/tokens';
import { BellowsConfig } from '../../../config';
import { Actor } from '../../../http/auth/actor';
import { Authenticator } from '../../auth/authenticator';
import { PackageAccess, PackageAccessLevel } from '../package-access.service';
import { PackageFiles } from '../package-files.service';
import { readJsonBody } from '../request-body';
import { buildPackument, NpmVersionRecord } from './npm-packument';
import { isNpmVersion, NpmTarget, parseNpmPath, unscopedName } from './npm-path';
import { parsePublication } from './npm-publication';

const TYPE = 'npm';

/**
 * Largest JSON document the npm routes read. `npm publish` sends the tarball
 * base64-encoded inside a JSON document, which cannot be parsed as a stream
 * without a streaming JSON parser (none is available here), so the document
 * is read whole, up to this limit (a tarball of about 75 MiB), decoded, and
 * then streamed into storage like any other upload.
 */
export const NPM_DOCUMENT_LIMIT = 100 * 1024 * 1024;

interface OwnerParams {
  owner: string;
}

type Request = FastifyRequest<{ Params: OwnerParams }>;

/** The npm registry at `{ROOT_URL}api/packages/{owner}/npm/`, as the npm CLI uses it. */
@Injectable()
export class NpmRegistryHandler {
  constructor(
    private readonly db: Database,
    private readonly authenticator: Authenticator,
    private readonly access: PackageAccess,
    private readonly files: PackageFiles,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  async get(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const target = parseNpmPath(request.url);
    const { owner, actor } = await this.authorize(request, 'read');
    const pkg = await this.findPackage(owner, target.name, actor);
    switch (target.kind) {
      case 'package':
        return sendJson(reply, 200, await this.packument(owner, pkg));
      case 'dist-tags':
        if (target.tag !== undefined) throw new BadRequestException('read all dist-tags at -/package/{name}/dist-tags');
        return sendJson(reply, 200, await this.db.packages.listDistTags(pkg.id));
      case 'tarball':
        return this.sendTarball(pkg, target.version, target.fileName, reply);
      default:
        throw new BadRequestException('this npm registry path is not supported with GET');
    }
  }

  async put(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const target = parseNpmPath(request.url);
    const { owner, actor } = await this.authorize(request, 'write');
    switch (target.kind) {
      case 'package':
        await this.publish(owner, actor!, target.name, await readJsonBody(request.raw, NPM_DOCUMENT_LIMIT));
        return sendJson(reply, 201, { ok: true });
      case 'revision':
        await this.keepOnly(await this.findPackage(owner, target.name, actor), await readJsonBody(request.raw, NPM_DOCUMENT_LIMIT));
        return sendJson(reply, 200, { ok: true });
      case 'dist-tags':
        await this.setDistTag(await this.findPackage(owner, target.name, actor), target.tag, await readJsonBody(request.raw, 64 * 1024));
        return sendJson(reply, 200, { ok: true });
      default:
        throw new BadRequestException('this npm registry path is not supported with PUT');
    }
  }

  async delete(request: Request, reply: FastifyReply): Promise<FastifyReply> {
    const target = parseNpmPath(request.url);
    const { owner, actor } = await this.authorize(request, 'write');
    const pkg = await this.findPackage(owner, target.name, actor);
    switch (target.kind) {
      case 'revision':
        await this.files.deletePackage(pkg);
        break;
      case 'tarball': {
        const version = await this.db.packages.findVersion(pkg.id, target.version);
        if (!version) throw new NotFoundException(`version ${target.version} of ${pkg.name} does not exist`);
        await this.files.deleteVersion(version.id);
        break;
      }
      case 'dist-tags':
        if (!target.tag) throw new BadRequestException('name the dist-tag to delete');
        if (target.tag === 'latest') throw new BadRequestException('the "latest" dist-tag cannot be deleted');
        if (!(await this.db.packages.deleteDistTag(pkg.id, target.tag))) throw new NotFoundException(`dist-tag ${target.tag} does not exist`);
        break;
      default:
        throw new BadRequestException('this npm registry path is not supported with DELETE');
    }
    return sendJson(reply, 200, { ok: true });
  }

  private async authorize(request: Request, level: PackageAccessLevel): Promise<{ owner: OwnerEntity; actor: Actor | undefined }> {
    const actor = await this.authenticator.authenticate(request);
    return { owner: await this.access.owner(request.params.owner, actor, level), actor };
  }

  private async findPackage(owner: OwnerEntity, name: string, actor: Actor | undefined): Promise<PackageEntity> {
    const pkg = await this.db.packages.findPackage(owner.id, TYPE, name);
    if (!pkg || !(await this.access.maySee(owner, pkg, actor))) throw new NotFoundException(`package ${name} does not exist`);
    return pkg;
  }

  /** A new version: its tarball checked against the client's digests and stored, then the dist-tags it carries. */
  private async publish(owner: OwnerEntity, actor: Actor, name: string, body: unknown): Promise<void> {
    const publication = parsePublication(body, name);
    const target = {
      ownerId: owner.id, type: TYPE, packageName: name, version: publication.version, fileName: `${unscopedName(name)}-${publication.version}.tgz`,
      creatorId: actor.user.id, metadata: JSON.stringify(publication.manifest), newVersionOnly: true,
    };
    const { pkg, version } = await this.files.add(target, Readable.from([publication.tarball]), {
      check: (digests) => {
        if (publication.expectedSha512 && publication.expectedSha512 !== digests.sha512) throw new BadRequestException('the tarball does not match "dist.integrity"');
        if (publication.expectedSha1 && publication.expectedSha1 !== digests.sha1) throw new BadRequestException('the tarball does not match "dist.shasum"');
      },
    });
    await this.db.packages.setDistTags(pkg.id, version.id, publication.distTags);
  }

  /**
   * `npm unpublish name@version` rewrites the whole document without that
   * version: every version the document no longer lists is deleted, and the
   * dist-tags follow the document.
   */
  private async keepOnly(pkg: PackageEntity, body: unknown): Promise<void> {
    const doc = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof doc.versions !== 'object' || doc.versions === null) throw new BadRequestException('"versions" must be a JSON object');
    const kept = new Set(Object.keys(doc.versions));
    for (const version of await this.db.packages.listVersions(pkg.id)) {
      if (!kept.has(version.version)) await this.files.deleteVersion(version.id);
    }
    const tags = (typeof doc['dist-tags'] === 'object' && doc['dist-tags'] !== null ? doc['dist-tags'] : {}) as Record<string, unknown>;
    for (const [tag, version] of Object.entries(tags)) {
      if (typeof version === 'string' && kept.has(version)) await this.setDistTag(pkg, tag, version);
    }
  }

  private async setDistTag(pkg: PackageEntity, tag: string | undefined, body: unknown): Promise<void> {
    if (!tag) throw new BadRequestException('name the dist-tag to set');
    if (isNpmVersion(tag)) throw new BadRequestException(`a dist-tag cannot be a version, as "${tag}" is`);
    if (typeof body !== 'string') throw new BadRequestException('the body must be the version as a JSON string');
    const version = await this.db.packages.findVersion(pkg.id, body);
    if (!version) throw new NotFoundException(`version ${body} of ${pkg.name} does not exist`);
    await this.db.packages.setDistTag(pkg.id, tag, version.id);
  }

  private async packument(owner: OwnerEntity, pkg: PackageEntity): Promise<Record<string, unknown>> {
    const versions: NpmVersionRecord[] = [];
    for (const version of await this.db.packages.listVersions(pkg.id)) {
      const [file] = await this.db.packages.listFiles(version.id);
      if (file) versions.push({ version, fileName: file.file.name, blob: file.blob });
    }
    const base = `${this.config.server.rootUrl}api/packages/${encodeURIComponent(owner.name)}/npm/${pkg.name}/-/`;
    return buildPackument(pkg, versions, await this.db.packages.listDistTags(pkg.id), (version, fileName) => `${base}${encodeURIComponent(version)}/${encodeURIComponent(fileName)}`);
  }

  private async sendTarball(pkg: PackageEntity, versionName: string, fileName: string, reply: FastifyReply): Promise<FastifyReply> {
    const version = await this.db.packages.findVersion(pkg.id, versionName);
    const file = version ? await this.db.packages.findFile(version.id, fileName) : null;
    if (!file) throw new NotFoundException(`tarball ${fileName} of ${pkg.name} ${versionName} does not exist`);
    const content = await this.files.open(file.blob);
    return reply.header('content-type', 'application/octet-stream').header('content-length', String(file.blob.size)).send(content);
  }
}

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}
