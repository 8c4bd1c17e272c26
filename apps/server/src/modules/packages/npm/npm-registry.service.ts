import { BadRequestException, HttpException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Readable } from 'node:stream';
import { Owner, Package, PackageStore } from '@bellows/domain';
import type { DigestAlgorithm } from '@bellows/storage';
import { CONFIG } from '../../../app/tokens';
import { BellowsConfig } from '../../../config';
import { Actor } from '../../../http/auth/actor';
import { PackageAccess } from '../package-access.service';
import { PackageFileContent, PackageFiles } from '../package-files.service';
import { buildPackument, NpmVersionRecord } from './npm-packument';
import { isNpmVersion, unscopedName } from './npm-path';
import { NpmPublication, parsePublication } from './npm-publication';
import { receivePublishBody } from './npm-publish-body';

const TYPE = 'npm';
/** The digests npm's client sends with a tarball (`shasum`, `integrity`): computed during the upload, to check them. */
const NPM_CHECKED_DIGESTS: DigestAlgorithm[] = ['sha1', 'sha512'];

/**
 * The npm registry's use cases, as the npm CLI uses them: the package
 * document, tarballs, publishing and unpublishing versions, and dist-tags.
 * The caller was let through at the owner by PackageAccess.
 */
@Injectable()
export class NpmRegistry {
  constructor(
    private readonly packages: PackageStore,
    private readonly access: PackageAccess,
    private readonly files: PackageFiles,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  /** The owner's npm package, when the caller may see it; 404 otherwise. */
  async findPackage(owner: Owner, name: string, actor: Actor | undefined): Promise<Package> {
    const pkg = await this.access.visiblePackage(owner, TYPE, name, actor);
    if (!pkg) throw new NotFoundException(`package ${name} does not exist`);
    return pkg;
  }

  /** The package document (packument) `npm view` and `npm install` read. */
  async packument(owner: Owner, pkg: Package): Promise<Record<string, unknown>> {
    const versions: NpmVersionRecord[] = [];
    for (const version of await this.packages.listVersions(pkg.id)) {
      const [file] = await this.files.withDigests((await this.packages.listFiles(version.id)).slice(0, 1));
      if (file) versions.push({ version, fileName: file.file.name, blob: file.blob });
    }
    const base = `${this.config.server.rootUrl}api/packages/${encodeURIComponent(owner.name)}/npm/${pkg.name}/-/`;
    const tarballUrl = (version: string, fileName: string) => `${base}${encodeURIComponent(version)}/${encodeURIComponent(fileName)}`;
    return buildPackument(pkg, versions, await this.packages.listDistTags(pkg.id), tarballUrl);
  }

  distTags(pkg: Package): Promise<Record<string, string>> {
    return this.packages.listDistTags(pkg.id);
  }

  /** A version's tarball: its size and bytes; 404 when there is no such version or file. */
  async tarball(pkg: Package, versionName: string, fileName: string): Promise<{ size: number } & PackageFileContent> {
    const version = await this.packages.findVersion(pkg.id, versionName);
    const file = version ? await this.packages.findFile(version.id, fileName) : null;
    if (!file) throw new NotFoundException(`tarball ${fileName} of ${pkg.name} ${versionName} does not exist`);
    return { size: file.blob.size, ...(await this.files.serve(file.blob, fileName)) };
  }

  /**
   * A new version from the body of `npm publish`: its tarball streams into
   * storage as it arrives, then is checked against the client's length and
   * digests and recorded with the rest of the document, and the dist-tags it
   * carries are set. `documentLimit` bounds the document besides its tarball.
   */
  async publish(owner: Owner, actor: Actor, name: string, body: Readable, documentLimit: number): Promise<void> {
    const received = receivePublishBody(body, documentLimit);
    let publication: NpmPublication | undefined;
    const target = received.document.then((document) => {
      publication = parsePublication(document, name);
      return {
        ownerId: owner.id,
        type: TYPE,
        packageName: name,
        version: publication.version,
        fileName: `${unscopedName(name)}-${publication.version}.tgz`,
        creatorId: actor.user.id,
        metadata: JSON.stringify(publication.manifest),
        newVersionOnly: true,
      };
    });
    let added;
    try {
      added = await this.files.add(target, received.tarball, {
        digests: NPM_CHECKED_DIGESTS,
        check: (digests) => checkTarball(publication!, digests),
      });
    } catch (error) {
      // A tarball cut short because the document was refused (too large, malformed): the document's reason is the answer.
      const refusal = await received.document.then(
        () => null,
        (reason: unknown) => reason,
      );
      throw refusal instanceof HttpException ? refusal : error;
    }
    await this.packages.setDistTags(added.pkg.id, added.version.id, publication!.distTags);
  }

  /**
   * `npm unpublish name@version` rewrites the whole document without that
   * version: every version the document no longer lists is deleted, and the
   * dist-tags follow the document.
   */
  async keepOnly(pkg: Package, body: unknown, by?: Owner): Promise<void> {
    const doc = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof doc.versions !== 'object' || doc.versions === null) throw new BadRequestException('"versions" must be a JSON object');
    const kept = new Set(Object.keys(doc.versions));
    for (const version of await this.packages.listVersions(pkg.id)) {
      if (!kept.has(version.version)) await this.files.deleteVersion(version.id, { pkg, by });
    }
    const tags = (typeof doc['dist-tags'] === 'object' && doc['dist-tags'] !== null ? doc['dist-tags'] : {}) as Record<string, unknown>;
    for (const [tag, version] of Object.entries(tags)) {
      if (typeof version === 'string' && kept.has(version)) await this.setDistTag(pkg, tag, version);
    }
  }

  /** Points `tag` at the version the body names (a JSON string). */
  async setDistTag(pkg: Package, tag: string | undefined, body: unknown): Promise<void> {
    if (!tag) throw new BadRequestException('name the dist-tag to set');
    if (isNpmVersion(tag)) throw new BadRequestException(`a dist-tag cannot be a version, as "${tag}" is`);
    if (typeof body !== 'string') throw new BadRequestException('the body must be the version as a JSON string');
    const version = await this.packages.findVersion(pkg.id, body);
    if (!version) throw new NotFoundException(`version ${body} of ${pkg.name} does not exist`);
    await this.packages.setDistTag(pkg.id, tag, version.id);
  }

  /** Deletes a dist-tag other than `latest`. */
  async deleteDistTag(pkg: Package, tag: string | undefined): Promise<void> {
    if (!tag) throw new BadRequestException('name the dist-tag to delete');
    if (tag === 'latest') throw new BadRequestException('the "latest" dist-tag cannot be deleted');
    if (!(await this.packages.deleteDistTag(pkg.id, tag))) throw new NotFoundException(`dist-tag ${tag} does not exist`);
  }

  /** Deletes one version with its tarball (the package goes with its last version). */
  async deleteVersion(pkg: Package, versionName: string, by?: Owner): Promise<void> {
    const version = await this.packages.findVersion(pkg.id, versionName);
    if (!version) throw new NotFoundException(`version ${versionName} of ${pkg.name} does not exist`);
    await this.files.deleteVersion(version.id, { pkg, by });
  }

  /** Deletes the package with every version. */
  deletePackage(pkg: Package, by?: Owner): Promise<void> {
    return this.files.deletePackage(pkg, by);
  }
}

/** The stored tarball against what the client said of it: its length and digests (400 when they differ). */
function checkTarball(publication: NpmPublication, digests: { size: number; sha1?: string; sha512?: string }): void {
  if (publication.announcedLength !== undefined && publication.announcedLength !== digests.size) {
    throw new BadRequestException(`the attachment has ${digests.size} bytes, not the ${publication.announcedLength} its "length" says`);
  }
  if (publication.expectedSha512 && publication.expectedSha512 !== digests.sha512) {
    throw new BadRequestException('the tarball does not match "dist.integrity"');
  }
  if (publication.expectedSha1 && publication.expectedSha1 !== digests.sha1)
    throw new BadRequestException('the tarball does not match "dist.shasum"');
}
