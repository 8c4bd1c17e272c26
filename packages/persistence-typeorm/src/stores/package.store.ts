import { EntityManager } from 'typeorm';
import { ContainerGoneError, UsageChanges } from '@bellows/domain';
import { PackageBlobEntity } from '../entities/package-blob.entity';
import { PackageDistTagEntity } from '../entities/package-dist-tag.entity';
import { PackageFileEntity } from '../entities/package-file.entity';
import { PackageVersionEntity } from '../entities/package-version.entity';
import { PackageEntity } from '../entities/package.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction, rowLockClause, sqlParam } from '../quota/in-transaction';
import { findLocked, holdContainers } from '../quota/locked-row';
import { PACKAGE_FILE } from '../quota/sized-rows';
import { UsageLedger } from '../quota/usage-ledger';
import type {
  BlobDigests,
  CountedPackageVersion,
  NewPackage,
  NewPackageVersion,
  PackageFileWithBlob,
  PackageStore,
  PackageVersionFilter,
  PackageVersionWithPackage,
} from '@bellows/domain';

/**
 * The PackageStore port on TypeORM: packages, versions, blobs and files. A
 * file's bytes count in the `packages` bucket of the package owner (a package
 * may only be linked to a repository of that same owner, so "the repository
 * owner" and "the package owner" agree).
 */
export class TypeOrmPackageStore implements PackageStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  async createPackage(input: NewPackage): Promise<PackageEntity> {
    if (input.repoId != null) {
      const repository = await this.manager.getRepository(RepositoryEntity).findOneBy({ id: input.repoId });
      if (repository?.ownerId !== input.ownerId) throw new Error(`repository ${input.repoId} does not belong to owner ${input.ownerId}`);
    }
    const packages = this.manager.getRepository(PackageEntity);
    return packages.save(
      packages.create({
        ownerId: input.ownerId,
        type: input.type,
        name: input.name,
        lowerName: input.name.toLowerCase(),
        repoId: input.repoId ?? null,
      }),
    );
  }

  /** Adds a version while holding its package; ContainerGoneError when the package was deleted meanwhile. */
  createVersion(packageId: number, version: string, extra: NewPackageVersion = {}): Promise<PackageVersionEntity> {
    return this.inTransaction(async (manager) => {
      await holdContainers(manager, [{ kind: 'package', entity: PackageEntity, id: packageId }]);
      const versions = manager.getRepository(PackageVersionEntity);
      return versions.save(
        versions.create({
          packageId,
          version,
          createdAt: new Date(),
          creatorId: extra.creatorId ?? null,
          metadata: extra.metadata ?? null,
        }),
      );
    });
  }

  /**
   * The blob with this digest, stored once however many files use it, held
   * until the transaction ends (so a deletion of unused blobs waits and then
   * sees the file about to use it); the digests given fill those still unknown.
   * Insert-or-ignore, then read: two uploads of the same bytes never collide,
   * and no row read earlier is saved back.
   */
  putBlob(sha256: string, size: number, digests: Partial<BlobDigests> = {}): Promise<PackageBlobEntity> {
    return this.inTransaction(async (manager) => {
      const known = knownDigests(digests);
      await manager
        .createQueryBuilder()
        .insert()
        .into(PackageBlobEntity)
        .values({ sha256, size, md5: null, sha1: null, sha512: null, ...known })
        .orIgnore()
        .execute();
      if (Object.keys(known).length > 0) await fillUnknownDigests(manager, { sha256 }, known);
      const blob = await findLocked(manager, PackageBlobEntity, { sha256 });
      // Removed as unused between the insert and the lock: record it again.
      return blob ?? this.putBlob(sha256, size, digests);
    });
  }

  /**
   * Fills the blob's digests that are still unknown, by id: one UPDATE whose
   * COALESCE keeps any digest already recorded, so two requests that computed
   * them at once both write the same values and neither overwrites the other.
   */
  async recordDigests(blobId: number, digests: Partial<BlobDigests>): Promise<PackageBlobEntity | null> {
    const known = knownDigests(digests);
    if (Object.keys(known).length > 0) await fillUnknownDigests(this.manager, { id: blobId }, known);
    return this.manager.getRepository(PackageBlobEntity).findOneBy({ id: blobId });
  }

  findBlobBySha256(sha256: string): Promise<PackageBlobEntity | null> {
    return this.manager.getRepository(PackageBlobEntity).findOneBy({ sha256 });
  }

  /**
   * Removes the blob row when no file uses it any more and returns it, so the
   * caller can delete the stored content; null when it is still in use.
   */
  deleteBlobIfUnused(blobId: number): Promise<PackageBlobEntity | null> {
    return this.inTransaction(async (manager) => {
      const blob = await findLocked(manager, PackageBlobEntity, { id: blobId });
      if (!blob) return null;
      if ((await manager.getRepository(PackageFileEntity).countBy({ blobId })) > 0) return null;
      await manager.getRepository(PackageBlobEntity).delete({ id: blobId });
      return blob;
    });
  }

  /**
   * The owner's package of that type and name, created when missing. Insert-
   * or-ignore, then read: of two uploads creating it at once, one inserts and
   * both get that row (no unique-key error for the other).
   */
  async findOrCreatePackage(input: NewPackage): Promise<PackageEntity> {
    const found = await this.findPackage(input.ownerId, input.type, input.name);
    if (found) return found;
    const values = {
      ownerId: input.ownerId,
      type: input.type,
      name: input.name,
      lowerName: input.name.toLowerCase(),
      repoId: input.repoId ?? null,
    };
    await this.manager.createQueryBuilder().insert().into(PackageEntity).values(values).orIgnore().execute();
    return (await this.findPackage(input.ownerId, input.type, input.name)) as PackageEntity;
  }

  /**
   * The package's version, added unless it exists, under the package's lock
   * (so of two requests publishing it at once, exactly one creates it);
   * ContainerGoneError when the package was deleted meanwhile.
   */
  findOrCreateVersion(
    packageId: number,
    version: string,
    extra: NewPackageVersion = {},
  ): Promise<{ version: PackageVersionEntity; created: boolean }> {
    return this.inTransaction(async (manager) => {
      await holdContainers(manager, [{ kind: 'package', entity: PackageEntity, id: packageId }]);
      const versions = manager.getRepository(PackageVersionEntity);
      const existing = await versions.findOneBy({ packageId, version });
      if (existing) return { version: existing, created: false };
      const created = await versions.save(
        versions.create({
          packageId,
          version,
          createdAt: new Date(),
          creatorId: extra.creatorId ?? null,
          metadata: extra.metadata ?? null,
        }),
      );
      return { version: created, created: true };
    });
  }

  findPackage(ownerId: number, type: string, name: string): Promise<PackageEntity | null> {
    return this.manager.getRepository(PackageEntity).findOneBy({ ownerId, type, lowerName: name.toLowerCase() });
  }

  /** Links the package to a repository of its owner, or unlinks it (null). */
  async setRepository(packageId: number, repoId: number | null): Promise<void> {
    const pkg = await this.manager.getRepository(PackageEntity).findOneByOrFail({ id: packageId });
    if (repoId !== null) {
      const repository = await this.manager.getRepository(RepositoryEntity).findOneBy({ id: repoId });
      if (repository?.ownerId !== pkg.ownerId) throw new Error(`repository ${repoId} does not belong to owner ${pkg.ownerId}`);
    }
    await this.manager.getRepository(PackageEntity).update({ id: packageId }, { repoId });
  }

  findVersionById(id: number): Promise<PackageVersionEntity | null> {
    return this.manager.getRepository(PackageVersionEntity).findOneBy({ id });
  }

  findVersion(packageId: number, version: string): Promise<PackageVersionEntity | null> {
    return this.manager.getRepository(PackageVersionEntity).findOneBy({ packageId, version });
  }

  /** Every version of a package, oldest first. */
  listVersions(packageId: number): Promise<PackageVersionEntity[]> {
    return this.manager.getRepository(PackageVersionEntity).find({ where: { packageId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  countFiles(versionId: number): Promise<number> {
    return this.manager.getRepository(PackageFileEntity).countBy({ versionId });
  }

  async findFile(versionId: number, name: string): Promise<PackageFileWithBlob | null> {
    const file = await this.manager.getRepository(PackageFileEntity).findOneBy({ versionId, name });
    if (!file) return null;
    return { file, blob: await this.manager.getRepository(PackageBlobEntity).findOneByOrFail({ id: file.blobId }) };
  }

  /** The files of a version with their blobs, by name. */
  async listFiles(versionId: number): Promise<PackageFileWithBlob[]> {
    const files = await this.manager
      .getRepository(PackageFileEntity)
      .find({ where: { versionId }, relations: { blob: true }, order: { name: 'ASC' } });
    return files.map((file) => ({ file, blob: file.blob! }));
  }

  /** One page of an owner's package versions, newest first, and how many match. */
  async listVersionsOfOwner(
    ownerId: number,
    filter: PackageVersionFilter,
    skip: number,
    take: number,
  ): Promise<[PackageVersionWithPackage[], number]> {
    const query = this.manager
      .getRepository(PackageVersionEntity)
      .createQueryBuilder('v')
      .innerJoinAndSelect('v.package', 'p')
      .where('p.ownerId = :ownerId', { ownerId });
    if (filter.type) query.andWhere('p.type = :type', { type: filter.type });
    if (filter.nameContains) query.andWhere("p.lowerName LIKE :q ESCAPE '\\'", { q: `%${escapeLike(filter.nameContains.toLowerCase())}%` });
    if (filter.hiddenRepoIds?.length)
      query.andWhere('(p.repoId IS NULL OR p.repoId NOT IN (:...hidden))', { hidden: filter.hiddenRepoIds });
    const [versions, total] = await query.orderBy('v.createdAt', 'DESC').addOrderBy('v.id', 'DESC').skip(skip).take(take).getManyAndCount();
    return [versions.map((version) => ({ version, pkg: version.package! })), total];
  }

  /** The distinct repositories the owner's packages are linked to. */
  async linkedRepositoryIds(ownerId: number): Promise<number[]> {
    const rows: { repo_id: number | string }[] = await this.manager.query(
      `SELECT DISTINCT repo_id FROM package WHERE owner_id = ${sqlParam(this.manager, 1)} AND repo_id IS NOT NULL`,
      [ownerId],
    );
    return rows.map((row) => Number(row.repo_id));
  }

  /** Points the tag at the version, creating or moving it (one upsert: two requests setting it at once cannot collide). */
  async setDistTag(packageId: number, name: string, versionId: number): Promise<void> {
    await this.setDistTags(packageId, versionId, [name]);
  }

  /**
   * Points the tags at the version while holding the package and the version
   * (in the order deletions lock them, so a deletion running at the same time
   * cannot deadlock with this); ContainerGoneError when either is gone.
   */
  setDistTags(packageId: number, versionId: number, names: string[]): Promise<void> {
    return this.inTransaction(async (manager) => {
      await holdContainers(manager, [
        { kind: 'package', entity: PackageEntity, id: packageId },
        { kind: 'package version', entity: PackageVersionEntity, id: versionId },
      ]);
      for (const name of names)
        await manager.getRepository(PackageDistTagEntity).upsert({ packageId, name, versionId }, ['packageId', 'name']);
    });
  }

  async deleteDistTag(packageId: number, name: string): Promise<boolean> {
    return ((await this.manager.getRepository(PackageDistTagEntity).delete({ packageId, name })).affected ?? 0) > 0;
  }

  /** The package's tags with the version each points at. */
  async listDistTags(packageId: number): Promise<Record<string, string>> {
    const tags = await this.manager
      .getRepository(PackageDistTagEntity)
      .find({ where: { packageId }, relations: { version: true }, order: { name: 'ASC' } });
    return Object.fromEntries(tags.map((tag) => [tag.name, tag.version!.version]));
  }

  /** Adds a file to a version; it is as big as its blob, and that many bytes go on the package owner's ledger. */
  addFile(versionId: number, blobId: number, name: string): Promise<PackageFileEntity> {
    return this.inTransaction(async (manager) => {
      const blob = await manager.getRepository(PackageBlobEntity).findOneByOrFail({ id: blobId });
      // Locked so that a concurrent deletion of the version counts this file or refuses it, never misses it.
      if (!(await findLocked(manager, PackageVersionEntity, { id: versionId }))) throw new ContainerGoneError('package version', versionId);
      const ownerId = await this.ownerOfVersion(manager, versionId);
      const files = manager.getRepository(PackageFileEntity);
      const file = await files.save(files.create({ versionId, blobId, name, size: blob.size }));
      await new UsageLedger(manager).apply(UsageChanges.added(ownerId, PACKAGE_FILE, file.size));
      return file;
    });
  }

  deleteFile(fileId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const file = await findLocked(manager, PackageFileEntity, { id: fileId });
      if (!file) return false;
      const ownerId = await this.ownerOfVersion(manager, file.versionId);
      await manager.getRepository(PackageFileEntity).delete({ id: fileId });
      await new UsageLedger(manager).apply(UsageChanges.removed(ownerId, PACKAGE_FILE, file.size));
      return true;
    });
  }

  /** Deletes a version with its files (cascade), taking their bytes off the ledger. */
  deleteVersion(versionId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const version = await findLocked(manager, PackageVersionEntity, { id: versionId });
      if (!version) return false;
      const ownerId = await this.ownerOfVersion(manager, versionId);
      const bytes = await this.sumOfFiles(manager, 'f.version_id', versionId);
      await manager.getRepository(PackageVersionEntity).delete({ id: versionId });
      await new UsageLedger(manager).apply(UsageChanges.removed(ownerId, PACKAGE_FILE, bytes));
      return true;
    });
  }

  /** Deletes a package with its versions and files (cascade), taking their bytes off the ledger. */
  deletePackage(packageId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const pkg = await findLocked(manager, PackageEntity, { id: packageId });
      if (!pkg) return false;
      await manager.query(`SELECT id FROM package_version WHERE package_id = ${sqlParam(manager, 1)}${rowLockClause(manager)}`, [
        packageId,
      ]);
      const bytes = await this.sumOfFiles(manager, 'v.package_id', packageId);
      await manager.getRepository(PackageEntity).delete({ id: packageId });
      await new UsageLedger(manager).apply(UsageChanges.removed(pkg.ownerId, PACKAGE_FILE, bytes));
      return true;
    });
  }

  /**
   * Deletes the package if it has no version left (after its last version was
   * deleted), under the package's lock: a version added meanwhile keeps it.
   */
  deletePackageIfEmpty(packageId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      if (!(await findLocked(manager, PackageEntity, { id: packageId }))) return false;
      if ((await manager.getRepository(PackageVersionEntity).countBy({ packageId })) > 0) return false;
      await manager.getRepository(PackageEntity).delete({ id: packageId });
      return true;
    });
  }

  /** One page of the owner's package versions with their sizes, biggest first, and how many there are. */
  async listCountedForOwner(ownerId: number, skip: number, take: number): Promise<[CountedPackageVersion[], number]> {
    const p = (n: number) => sqlParam(this.manager, n);
    const from =
      'FROM package_version v INNER JOIN package pk ON pk.id = v.package_id INNER JOIN owner o ON o.id = pk.owner_id ' +
      `WHERE pk.owner_id = ${p(1)}`;
    const [{ total }] = await this.manager.query(`SELECT COUNT(*) AS total ${from}`, [ownerId]);
    const rows: Record<string, unknown>[] = await this.manager.query(
      'SELECT v.id AS version_id, o.name AS owner_name, pk.type AS type, pk.name AS name, v.version AS version, ' +
        `(SELECT COALESCE(SUM(f.size), 0) FROM package_file f WHERE f.version_id = v.id) AS size ${from} ` +
        `ORDER BY size DESC, v.id ASC LIMIT ${p(2)} OFFSET ${p(3)}`,
      [ownerId, take, skip],
    );
    return [
      rows.map((row) => ({
        versionId: Number(row.version_id),
        ownerName: String(row.owner_name),
        type: String(row.type),
        name: String(row.name),
        version: String(row.version),
        size: Number(row.size),
      })),
      Number(total),
    ];
  }

  /** The blobs of a version's files, for removing unused content after the version goes. */
  async blobIdsOfVersion(versionId: number): Promise<number[]> {
    const files = await this.manager.getRepository(PackageFileEntity).find({ select: { blobId: true }, where: { versionId } });
    return [...new Set(files.map((file) => file.blobId))];
  }

  private async ownerOfVersion(manager: EntityManager, versionId: number): Promise<number> {
    const version = await manager.getRepository(PackageVersionEntity).findOneByOrFail({ id: versionId });
    return (await manager.getRepository(PackageEntity).findOneByOrFail({ id: version.packageId })).ownerId;
  }

  private async sumOfFiles(manager: EntityManager, column: 'f.version_id' | 'v.package_id', id: number): Promise<number> {
    const [{ bytes }] = await manager.query(
      `SELECT COALESCE(SUM(f.size), 0) AS bytes FROM package_file f INNER JOIN package_version v ON v.id = f.version_id WHERE ${column} = ${sqlParam(manager, 1)}`,
      [id],
    );
    return Number(bytes);
  }
}

/** Escapes LIKE wildcards so a search term matches literally. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The digests that are given (a missing or empty one is not known). */
function knownDigests(digests: Partial<BlobDigests>): Partial<BlobDigests> {
  return Object.fromEntries(Object.entries(digests).filter(([, value]) => typeof value === 'string' && value !== ''));
}

/** Sets the blob's digests that are null to these, leaving recorded ones as they are. */
async function fillUnknownDigests(
  manager: EntityManager,
  where: { id: number } | { sha256: string },
  digests: Partial<BlobDigests>,
): Promise<void> {
  const names = Object.keys(digests) as (keyof BlobDigests)[];
  const p = (n: number) => sqlParam(manager, n);
  const sets = names.map((name, i) => `${name} = COALESCE(${name}, ${p(i + 1)})`).join(', ');
  const [column, value] = 'id' in where ? ['id', where.id] : ['sha256', where.sha256];
  await manager.query(`UPDATE package_blob SET ${sets} WHERE ${column} = ${p(names.length + 1)}`, [
    ...names.map((name) => digests[name]),
    value,
  ]);
}
