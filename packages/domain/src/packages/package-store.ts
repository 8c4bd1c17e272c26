import type { CountedPackageVersion } from '../quota/counted-objects';
import {
  BlobDigests,
  NewPackage,
  NewPackageVersion,
  Package,
  PackageBlob,
  PackageFile,
  PackageFileWithBlob,
  PackageVersion,
  PackageVersionFilter,
  PackageVersionWithPackage,
} from './package';

/**
 * Port: packages, versions, blobs, files and npm dist-tags. A file's bytes
 * count in the `packages` bucket of the package owner (a package may only be
 * linked to a repository of that same owner); the store keeps the ledger in
 * step in the transaction that adds or removes files. Package names are
 * looked up case-insensitively.
 */
export abstract class PackageStore {
  /** A new package; throws when `repoId` names a repository of another owner. */
  abstract createPackage(input: NewPackage): Promise<Package>;
  /** Adds a version while holding its package; ContainerGoneError when the package was deleted meanwhile. */
  abstract createVersion(packageId: number, version: string, extra?: NewPackageVersion): Promise<PackageVersion>;
  /**
   * The blob with this digest, stored once however many files use it, held
   * until the transaction ends (so a deletion of unused blobs waits and then
   * sees the file about to use it); the digests given fill those still
   * unknown. Two uploads of the same bytes never collide.
   */
  abstract putBlob(sha256: string, size: number, digests?: Partial<BlobDigests>): Promise<PackageBlob>;
  /**
   * Fills the blob's digests that are still unknown with these (by id; a
   * digest already recorded is never changed, so two requests that computed
   * them at once write the same row harmlessly). The blob as it is then, or
   * null when it is gone.
   */
  abstract recordDigests(blobId: number, digests: Partial<BlobDigests>): Promise<PackageBlob | null>;
  abstract findBlobBySha256(sha256: string): Promise<PackageBlob | null>;
  /**
   * Removes the blob row when no file uses it any more and returns it, so the
   * caller can delete the stored content; null when it is still in use or gone.
   */
  abstract deleteBlobIfUnused(blobId: number): Promise<PackageBlob | null>;
  /**
   * The owner's package of that type and name, created when missing: of two
   * uploads creating it at once, one inserts and both get that row.
   */
  abstract findOrCreatePackage(input: NewPackage): Promise<Package>;
  /**
   * The package's version, added unless it exists, under the package's lock
   * (so of two requests publishing it at once, exactly one creates it);
   * ContainerGoneError when the package was deleted meanwhile.
   */
  abstract findOrCreateVersion(
    packageId: number,
    version: string,
    extra?: NewPackageVersion,
  ): Promise<{ version: PackageVersion; created: boolean }>;
  /** The owner's package of that type, by name case-insensitively. */
  abstract findPackage(ownerId: number, type: string, name: string): Promise<Package | null>;
  /** Links the package to a repository of its owner, or unlinks it (null); throws for a repository of another owner. */
  abstract setRepository(packageId: number, repoId: number | null): Promise<void>;
  abstract findVersionById(id: number): Promise<PackageVersion | null>;
  abstract findVersion(packageId: number, version: string): Promise<PackageVersion | null>;
  /** Every version of a package, oldest first. */
  abstract listVersions(packageId: number): Promise<PackageVersion[]>;
  abstract countFiles(versionId: number): Promise<number>;
  abstract findFile(versionId: number, name: string): Promise<PackageFileWithBlob | null>;
  /** The files of a version with their blobs, by name. */
  abstract listFiles(versionId: number): Promise<PackageFileWithBlob[]>;
  /** One page of an owner's package versions, newest first, and how many match. */
  abstract listVersionsOfOwner(
    ownerId: number,
    filter: PackageVersionFilter,
    skip: number,
    take: number,
  ): Promise<[PackageVersionWithPackage[], number]>;
  /** The distinct repositories the owner's packages are linked to. */
  abstract linkedRepositoryIds(ownerId: number): Promise<number[]>;
  /** Points the tag at the version, creating or moving it (two requests setting it at once cannot collide). */
  abstract setDistTag(packageId: number, name: string, versionId: number): Promise<void>;
  /**
   * Points the tags at the version while holding the package and the version
   * (in the order deletions lock them); ContainerGoneError when either is gone.
   */
  abstract setDistTags(packageId: number, versionId: number, names: string[]): Promise<void>;
  /** False when the package has no such tag. */
  abstract deleteDistTag(packageId: number, name: string): Promise<boolean>;
  /** The package's tags (by name) with the version each points at. */
  abstract listDistTags(packageId: number): Promise<Record<string, string>>;
  /**
   * Adds a file to a version; it is as big as its blob, and that many bytes go
   * on the package owner's ledger. ContainerGoneError when the version is gone.
   */
  abstract addFile(versionId: number, blobId: number, name: string): Promise<PackageFile>;
  /** Deletes a file, taking its bytes off the ledger; false when it was gone. */
  abstract deleteFile(fileId: number): Promise<boolean>;
  /** Deletes a version with its files and dist-tags, taking their bytes off the ledger; false when it was gone. */
  abstract deleteVersion(versionId: number): Promise<boolean>;
  /** Deletes a package with its versions and files, taking their bytes off the ledger; false when it was gone. */
  abstract deletePackage(packageId: number): Promise<boolean>;
  /**
   * Deletes the package if it has no version left (after its last version was
   * deleted), under the package's lock: a version added meanwhile keeps it.
   */
  abstract deletePackageIfEmpty(packageId: number): Promise<boolean>;
  /** One page of the owner's package versions with their sizes, biggest first, and how many there are. */
  abstract listCountedForOwner(ownerId: number, skip: number, take: number): Promise<[CountedPackageVersion[], number]>;
  /** The blobs of a version's files, for removing unused content after the version goes. */
  abstract blobIdsOfVersion(versionId: number): Promise<number[]>;
}
