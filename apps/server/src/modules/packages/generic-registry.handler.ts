import { BadRequestException, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Owner } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { Authenticator } from '../auth/authenticator';
import { GenericFileParams, GenericVersionParams } from './dto/generic-file.dto';
import { genericFileNameProblem, genericNameProblem, genericVersionProblem } from './generic-names';
import { GenericRegistry } from './generic-registry.service';
import { PackageAccess, PackageAccessLevel } from './package-access.service';
import { redirectToDirectUrl } from '../storage/direct-download';

/**
 * Where the generic registry's requests enter: any file under
 * `api/packages/{owner}/generic/{name}/{version}/{file}`. Uploads are the raw
 * request body, streamed into storage.
 */
@Injectable()
export class GenericRegistryHandler {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly access: PackageAccess,
    private readonly registry: GenericRegistry,
  ) {}

  /** `PUT …/{file}`: 201, or 409 when the version already has a file of that name. */
  async upload(request: FastifyRequest<{ Params: GenericFileParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validFileParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'write');
    await this.registry.upload(owner, actor!, params, request.raw);
    return reply.status(201).send();
  }

  /** `GET …/{file}`: the file's bytes (or, SERVE_DIRECT, 303 to a presigned URL, as Forgejo). */
  async download(request: FastifyRequest<{ Params: GenericFileParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validFileParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'read');
    const download = await this.registry.download(owner, actor, params);
    if ('directUrl' in download) return redirectToDirectUrl(reply, download.directUrl, 303).send();
    const { found, content } = download;
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(found.blob.size))
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(found.file.name)}`)
      .send(content);
  }

  /** `DELETE …/{file}`: 204; the version goes with its last file. */
  async deleteFile(request: FastifyRequest<{ Params: GenericFileParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validFileParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'write');
    await this.registry.deleteFile(owner, actor, params);
    return reply.status(204).send();
  }

  /** `DELETE …/{name}/{version}`: 204, the version with all its files. */
  async deleteVersion(request: FastifyRequest<{ Params: GenericVersionParams }>, reply: FastifyReply): Promise<FastifyReply> {
    const params = validVersionParams(request.params);
    const { owner, actor } = await this.authorize(request, params.owner, 'write');
    await this.registry.deleteVersion(owner, actor, params);
    return reply.status(204).send();
  }

  private async authorize(
    request: FastifyRequest,
    ownerName: string,
    level: PackageAccessLevel,
  ): Promise<{ owner: Owner; actor: Actor | undefined }> {
    const actor = await this.authenticator.authenticate(request);
    return { owner: await this.access.owner(ownerName, actor, level), actor };
  }
}

function validVersionParams(params: GenericVersionParams): GenericVersionParams {
  const problem = genericNameProblem(params.name) ?? genericVersionProblem(params.version);
  if (problem) throw new BadRequestException(problem);
  return params;
}

function validFileParams(params: GenericFileParams): GenericFileParams {
  validVersionParams(params);
  const problem = genericFileNameProblem(params.file);
  if (problem) throw new BadRequestException(problem);
  return params;
}
