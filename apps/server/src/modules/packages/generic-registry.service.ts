import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { Owner, PackageFileWithBlob, PackageStore, PackageVersion } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { GenericFileParams, GenericVersionParams } from './dto/generic-file.dto';
import { PackageAccess } from './package-access.service';
import { PackageDeletion, PackageFileContent, PackageFiles } from './package-files.service';

const TYPE = 'generic';

/**
 * The generic registry's use cases: any file under
 * `api/packages/{owner}/generic/{name}/{version}/{file}`, uploaded, read and
 * deleted by callers PackageAccess let through at the owner.
 */
@Injectable()
export class GenericRegistry {
  constructor(
    private readonly packages: PackageStore,
    private readonly access: PackageAccess,
    private readonly files: PackageFiles,
  ) {}

  /** Stores the file (the version and package are created with it); 409 when the version already has a file of that name. */
  async upload(owner: Owner, actor: Actor, params: GenericFileParams, content: Readable): Promise<void> {
    // Refuse a duplicate before reading a byte; the check is repeated when the file is recorded.
    if (await this.findFile(owner, params, actor)) {
      throw new ConflictException(`file ${params.file} already exists in ${params.name} ${params.version}`);
    }
    const target = {
      ownerId: owner.id,
      type: TYPE,
      packageName: params.name,
      version: params.version,
      fileName: params.file,
      creatorId: actor.user.id,
      newVersionOnly: false,
    };
    await this.files.add(target, content);
  }

  /** The file and its bytes; 404 when the caller cannot see it. */
  async download(
    owner: Owner,
    actor: Actor | undefined,
    params: GenericFileParams,
  ): Promise<{ found: PackageFileWithBlob } & PackageFileContent> {
    const found = await this.findFile(owner, params, actor);
    if (!found) throw new NotFoundException(`file ${params.file} does not exist in ${params.name} ${params.version}`);
    return { found, ...(await this.files.serve(found.blob, found.file.name)) };
  }

  /** Deletes one file; the version goes with its last file. */
  async deleteFile(owner: Owner, actor: Actor | undefined, params: GenericFileParams): Promise<void> {
    const found = await this.findFile(owner, params, actor);
    if (!found || !(await this.files.deleteFile(found, await this.deletion(owner, params, actor)))) {
      throw new NotFoundException(`file ${params.file} does not exist in ${params.name} ${params.version}`);
    }
  }

  /** Deletes the version with all its files. */
  async deleteVersion(owner: Owner, actor: Actor | undefined, params: GenericVersionParams): Promise<void> {
    const version = await this.findVersion(owner, params, actor);
    if (!version) throw new NotFoundException(`version ${params.version} of ${params.name} does not exist`);
    await this.files.deleteVersion(version.id, await this.deletion(owner, params, actor));
  }

  /** What a delete's `package` event needs: the package (seen by the caller already) and who deletes. */
  private async deletion(owner: Owner, params: GenericVersionParams, actor: Actor | undefined): Promise<PackageDeletion | undefined> {
    const pkg = await this.packages.findPackage(owner.id, TYPE, params.name);
    return pkg ? { pkg, by: actor?.user } : undefined;
  }

  /** The version, when it exists and the caller may see its package. */
  private async findVersion(owner: Owner, params: GenericVersionParams, actor: Actor | undefined): Promise<PackageVersion | null> {
    const pkg = await this.access.visiblePackage(owner, TYPE, params.name, actor);
    return pkg ? this.packages.findVersion(pkg.id, params.version) : null;
  }

  private async findFile(owner: Owner, params: GenericFileParams, actor: Actor | undefined): Promise<PackageFileWithBlob | null> {
    const version = await this.findVersion(owner, params, actor);
    return version ? this.packages.findFile(version.id, params.file) : null;
  }
}
