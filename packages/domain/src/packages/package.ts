/**
 * A package of an owner's registry. It may be linked to one of the owner's
 * repositories; either way its files count toward the owner.
 */
export interface Package {
  id: number;
  ownerId: number;
  /** A repository of the same owner the package is linked to; null when it is linked to none. */
  repoId: number | null;
  /** Registry type: `generic`, `npm`, … */
  type: string;
  name: string;
  /** The name lower-cased: names are unique per owner and type case-insensitively. */
  lowerName: string;
}

/** One version of a package. */
export interface PackageVersion {
  id: number;
  packageId: number;
  version: string;
  createdAt: Date;
  /** Who published the version (null once that account is gone). */
  creatorId: number | null;
  /** Registry-specific metadata as JSON (npm: the version manifest), null when the registry keeps none. */
  metadata: string | null;
}

/** The digests of a blob besides its sha256 (lower-case hex). */
export interface BlobDigests {
  md5: string;
  sha1: string;
  sha512: string;
}

/**
 * Stored package content, shared by every package file with the same SHA-256.
 * The sha256 names the content and is known from the upload; the other
 * digests are null until first needed (an answer that shows them computes and
 * records them), unless the upload had to compute them anyway (npm checks the
 * sha1 and sha512 its client sent).
 */
export interface PackageBlob {
  id: number;
  sha256: string;
  size: number;
  md5: string | null;
  sha1: string | null;
  sha512: string | null;
}

/** A package blob whose every digest is known (as the package files API and npm show them). */
export type DigestedPackageBlob = PackageBlob & BlobDigests;

/**
 * A file of a package version. Its size is its blob's size, copied when the
 * file is added. Each file counts, even when two files share a blob: the owner
 * is charged per file published.
 */
export interface PackageFile {
  id: number;
  versionId: number;
  blobId: number;
  name: string;
  size: number;
}

export interface NewPackage {
  ownerId: number;
  type: string;
  name: string;
  /** A repository of the same owner the package is linked to. */
  repoId?: number | null;
}

export interface NewPackageVersion {
  creatorId?: number | null;
  /** Registry metadata as JSON text (npm: the version manifest). */
  metadata?: string | null;
}

/** Filters of an owner's package versions. */
export interface PackageVersionFilter {
  type?: string;
  /** Part of the package name, case-insensitively. */
  nameContains?: string;
  /** Leave out packages linked to these repositories (private ones the viewer may not read). */
  hiddenRepoIds?: number[];
}

/** A version with its package, as listings show them. */
export interface PackageVersionWithPackage {
  version: PackageVersion;
  pkg: Package;
}

/** A file with the digests of its content. */
export interface PackageFileWithBlob {
  file: PackageFile;
  blob: PackageBlob;
}
