import { EntityManager } from 'typeorm';
import { PackageBlobEntity } from '../entities/package-blob.entity';
import { PackageFileEntity } from '../entities/package-file.entity';
import { PackageVersionEntity } from '../entities/package-version.entity';
import { PackageEntity } from '../entities/package.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction, rowLockClause, sqlParam } from '../quota/in-transaction';
import { findLocked } from '../quota/locked-row';
import { UsageLedger } from '../quota/usage-ledger';

export interface NewPackage {
  ownerId: number;
  type: string;
  name: string;
  /** A repository of the same owner the package is linked to. */
  repoId?: number | null;
}

/** A package version the quota counts: the sum of its files. */
export interface CountedPackageVersion {
  versionId: number;
  ownerName: string;
  type: string;
  name: string;
  version: string;
  size: number;
}

/**
 * Packages, versions, blobs and files. A file's bytes count in the `packages`
 * bucket of the package owner (a package may only be linked to a repository of
 * that same owner, so "the repository owner" and "the package owner" agree).
 */
export class PackageStore {
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
    return packages.save(packages.create({ ownerId: input.ownerId, type: input.type, name: input.name, lowerName: input.name.toLowerCase(), repoId: input.repoId ?? null }));
  }

  createVersion(packageId: number, version: string): Promise<PackageVersionEntity> {
    const versions = this.manager.getRepository(PackageVersionEntity);
    return versions.save(versions.create({ packageId, version, createdAt: new Date() }));
  }

  /** The blob with this digest, stored once however many files use it. */
  async putBlob(sha256: string, size: number): Promise<PackageBlobEntity> {
    const blobs = this.manager.getRepository(PackageBlobEntity);
    return (await blobs.findOneBy({ sha256 })) ?? blobs.save(blobs.create({ sha256, size }));
  }

  /** Adds a file to a version; it is as big as its blob, and that many bytes go on the package owner's ledger. */
  addFile(versionId: number, blobId: number, name: string): Promise<PackageFileEntity> {
    return this.inTransaction(async (manager) => {
      const blob = await manager.getRepository(PackageBlobEntity).findOneByOrFail({ id: blobId });
      // Locked so that a concurrent deletion of the version counts this file or refuses it, never misses it.
      if (!(await findLocked(manager, PackageVersionEntity, { id: versionId }))) throw new Error(`package version ${versionId} does not exist`);
      const ownerId = await this.ownerOfVersion(manager, versionId);
      const files = manager.getRepository(PackageFileEntity);
      const file = await files.save(files.create({ versionId, blobId, name, size: blob.size }));
      await new UsageLedger(manager).adjust({ ownerId, bucket: 'packages', delta: file.size });
      return file;
    });
  }

  deleteFile(fileId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const file = await findLocked(manager, PackageFileEntity, { id: fileId });
      if (!file) return false;
      const ownerId = await this.ownerOfVersion(manager, file.versionId);
      await manager.getRepository(PackageFileEntity).delete({ id: fileId });
      await new UsageLedger(manager).adjust({ ownerId, bucket: 'packages', delta: -file.size });
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
      await new UsageLedger(manager).adjust({ ownerId, bucket: 'packages', delta: -bytes });
      return true;
    });
  }

  /** Deletes a package with its versions and files (cascade), taking their bytes off the ledger. */
  deletePackage(packageId: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const pkg = await findLocked(manager, PackageEntity, { id: packageId });
      if (!pkg) return false;
      await manager.query(`SELECT id FROM package_version WHERE package_id = ${sqlParam(manager, 1)}${rowLockClause(manager)}`, [packageId]);
      const bytes = await this.sumOfFiles(manager, 'v.package_id', packageId);
      await manager.getRepository(PackageEntity).delete({ id: packageId });
      await new UsageLedger(manager).adjust({ ownerId: pkg.ownerId, bucket: 'packages', delta: -bytes });
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
        versionId: Number(row.version_id), ownerName: String(row.owner_name), type: String(row.type), name: String(row.name),
        version: String(row.version), size: Number(row.size),
      })),
      Number(total),
    ];
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
