import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PackageFileWithBlob } from '@bellows/domain';
import { Database, OwnerEntity, PackageVersionEntity } from '@bellows/persistence-typeorm';
import { Actor } from '../../http/auth/actor';
import { Authenticator } from '../auth/authenticator';
import { genericFileNameProblem, genericNameProblem, genericVersionProblem } from './generic-names';
import { PackageAccess, PackageAccessLevel } from './package-access.service';
import { PackageFiles } from './package-files.service';

const TYPE = 'generic';

interface VersionParams {
  owner: string;
  name: string;
  version: string;
}

interface FileParams extends VersionParams {
  file: string;
}

/**
 * The generic registry: any file under `api/packages/{owner}/generic/{name}/{version}/{file}`.
 * Uploads are the raw request body, streamed into storage.
 */
@Injectable()
export class GenericRegistryHandler {
  constructor(
    private readonly db: Database,
    private readonly authenticator: Authenticator,
    private readonly access: PackageAccess,
    private readonly files: PackageFiles,
  ) {}

  /** `PUT …/{file}`: 201, or 409 when the version already has a file of that name. */
  async upload(request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validFileParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'write');
    // Refuse a duplicate before reading a byte; the check is repeated when the file is recorded.
    if (await this.findFile(owner, params, actor)) throw new ConflictException(`file ${params.file} already exists in ${params.name} ${params.version}`);
    await this.files.add(
      { ownerId: owner.id, type: TYPE, packageName: params.name, version: params.version, fileName: params.file, creatorId: actor!.user.id, newVersionOnly: false },
      request.raw,
    );
    return reply.status(201).send();
  }

  /** `GET …/{file}`: the file's bytes. */
  async download(request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validFileParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'read');
    const found = await this.findFile(owner, params, actor);
    if (!found) throw new NotFoundException(`file ${params.file} does not exist in ${params.name} ${params.version}`);
    const content = await this.files.open(found.blob);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(found.blob.size))
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(found.file.name)}`)
      .send(content);
  }

  /** `DELETE …/{file}`: 204; the version goes with its last file. */
  async deleteFile(request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validFileParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'write');
    const found = await this.findFile(owner, params, actor);
    if (!found || !(await this.files.deleteFile(found))) throw new NotFoundException(`file ${params.file} does not exist in ${params.name} ${params.version}`);
    return reply.status(204).send();
  }

  /** `DELETE …/{name}/{version}`: 204, the version with all its files. */
  async deleteVersion(request: FastifyRequest<{ Params: VersionParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validVersionParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'write');
    const version = await this.findVersion(owner, params, actor);
    if (!version) throw new NotFoundException(`version ${params.version} of ${params.name} does not exist`);
    await this.files.deleteVersion(version.id);
    return reply.status(204).send();
  }

  private async authorize(request: FastifyRequest, ownerName: string, level: PackageAccessLevel): Promise<{ owner: OwnerEntity; actor: Actor | undefined }> {
    const actor = await this.authenticator.authenticate(request);
    return { owner: await this.access.owner(ownerName, actor, level), actor };
  }

  /** The version, when it exists and the caller may see its package. */
  private async findVersion(owner: OwnerEntity, params: VersionParams, actor: Actor | undefined): Promise<PackageVersionEntity | null> {
    const pkg = await this.db.packages.findPackage(owner.id, TYPE, params.name);
    if (!pkg || !(await this.access.maySee(owner, pkg, actor))) return null;
    return this.db.packages.findVersion(pkg.id, params.version);
  }

  private async findFile(owner: OwnerEntity, params: FileParams, actor: Actor | undefined): Promise<PackageFileWithBlob | null> {
    const version = await this.findVersion(owner, params, actor);
    return version ? this.db.packages.findFile(version.id, params.file) : null;
  }
}

function validVersionParams(params: VersionParams): VersionParams {
  const problem = genericNameProblem(params.name) ?? genericVersionProblem(params.version);
  if (problem) throw new BadRequestException(problem);
  return params;
}

function validFileParams(params: FileParams): FileParams {
  validVersionParams(params);
  const problem = genericFileNameProblem(params.file);
  if (problem) throw new BadRequestException(problem);
  return params;
}
