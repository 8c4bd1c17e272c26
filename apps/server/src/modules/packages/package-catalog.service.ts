import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Owner, OwnerStore, Package, PackageStore, PackageVersion, RepositoryStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { SYSTEM_USERS } from '../accounts/system-users';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { PackageAccess } from './package-access.service';
import { PackageFiles } from './package-files.service';
import { ApiPackage, ApiPackageFile, packageHtmlUrl, PackageListQuery, toApiPackageFile } from './dto/package.dto';

/** The package API: an owner's packages and versions as the caller may see them, and what they may change. */
@Injectable()
export class PackageCatalog {
  constructor(
    private readonly packages: PackageStore,
    private readonly owners: OwnerStore,
    private readonly repositoryStore: RepositoryStore,
    private readonly access: PackageAccess,
    private readonly repositories: RepositoryAccess,
    private readonly files: PackageFiles,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async list(ownerName: string, query: PackageListQuery, actor: Actor | undefined, paging: PageRequest): Promise<PageOf<ApiPackage>> {
    const owner = await this.access.owner(ownerName, actor, 'read');
    const hiddenRepoIds = await this.access.hiddenRepositoryIds(owner, actor);
    const filter = { type: query.type || undefined, nameContains: query.q || undefined, hiddenRepoIds };
    const [rows, total] = await this.packages.listVersionsOfOwner(owner.id, filter, paging.offset, paging.limit);
    const items = [];
    for (const { pkg, version } of rows) items.push(await this.shape(owner, pkg, version, actor));
    return new PageOf(items, total, paging);
  }

  async get(ownerName: string, type: string, name: string, version: string, actor: Actor | undefined): Promise<ApiPackage> {
    const { owner, pkg, found } = await this.findVersion(ownerName, type, name, version, actor, 'read');
    return this.shape(owner, pkg, found, actor);
  }

  async listFiles(ownerName: string, type: string, name: string, version: string, actor: Actor | undefined): Promise<ApiPackageFile[]> {
    const { found } = await this.findVersion(ownerName, type, name, version, actor, 'read');
    return (await this.files.withDigests(await this.packages.listFiles(found.id))).map(toApiPackageFile);
  }

  async delete(ownerName: string, type: string, name: string, version: string, actor: Actor | undefined): Promise<void> {
    const { pkg, found } = await this.findVersion(ownerName, type, name, version, actor, 'write');
    await this.files.deleteVersion(found.id, { pkg, by: actor?.user });
  }

  /** Links the package to a repository of its owner that the caller may see. */
  async link(ownerName: string, type: string, name: string, repoName: string, actor: Actor | undefined): Promise<void> {
    const { owner, pkg } = await this.findPackage(ownerName, type, name, actor, 'write');
    const repo = await this.repositories.resolve(owner.name, repoName, actor);
    await this.packages.setRepository(pkg.id, repo.repo.id);
  }

  async unlink(ownerName: string, type: string, name: string, actor: Actor | undefined): Promise<void> {
    const { pkg } = await this.findPackage(ownerName, type, name, actor, 'write');
    await this.packages.setRepository(pkg.id, null);
  }

  private async findPackage(
    ownerName: string,
    type: string,
    name: string,
    actor: Actor | undefined,
    level: 'read' | 'write',
  ): Promise<{ owner: Owner; pkg: Package }> {
    const owner = await this.access.owner(ownerName, actor, level);
    const pkg = await this.access.visiblePackage(owner, type, name, actor);
    if (!pkg) throw new NotFoundException(`package ${type}/${name} of ${owner.name} does not exist`);
    return { owner, pkg };
  }

  private async findVersion(
    ownerName: string,
    type: string,
    name: string,
    version: string,
    actor: Actor | undefined,
    level: 'read' | 'write',
  ) {
    const { owner, pkg } = await this.findPackage(ownerName, type, name, actor, level);
    const found = await this.packages.findVersion(pkg.id, version);
    if (!found) throw new NotFoundException(`version ${version} of package ${type}/${name} does not exist`);
    return { owner, pkg, found };
  }

  private async shape(owner: Owner, pkg: Package, version: PackageVersion, actor: Actor | undefined): Promise<ApiPackage> {
    const viewer = actor?.user;
    const creator = (version.creatorId !== null ? await this.owners.findById(version.creatorId) : null) ?? SYSTEM_USERS[0];
    const repo = pkg.repoId !== null ? await this.repositoryStore.findById(pkg.repoId) : null;
    const repository = repo
      ? toApiRepository(repo, owner, await this.repositories.permissionOf(owner, repo, viewer), viewer, this.shapes)
      : null;
    return {
      id: version.id,
      owner: toApiUser(owner, viewer, this.shapes),
      repository,
      creator: toApiUser(creator, viewer, this.shapes),
      type: pkg.type,
      name: pkg.name,
      version: version.version,
      html_url: packageHtmlUrl(this.shapes.rootUrl, owner.name, pkg.type, pkg.name, version.version),
      created_at: version.createdAt.toISOString(),
    };
  }
}
