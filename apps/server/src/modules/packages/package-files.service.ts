import { ConflictException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  BlobDigests,
  DigestedPackageBlob,
  Owner,
  Package,
  PackageBlob,
  PackageFileWithBlob,
  PackageStore,
  PackageVersion,
  UnitOfWork,
} from '@bellows/domain';
import { BlobNotFoundError, ContentAddressedStore, DigestAlgorithm, shardedKey } from '@bellows/storage';
import { BlobStorage } from '../storage/blob-storage';
import { DIRECT_DOWNLOAD_SECONDS } from '../storage/direct-download';
import { PackageWebhooks } from '../webhook-events/package-webhooks.service';
import { missingDigests, packageDigests } from './content-digests';

/** Where package content lives under `[storage] PATH`: `packages/ab/cd/<sha256>`. */
const NAMESPACE = 'packages';

/** Where a new file goes: the package (created on first upload) and its version. */
export interface PackageFileTarget {
  ownerId: number;
  type: string;
  packageName: string;
  version: string;
  fileName: string;
  creatorId: number;
  /** Registry metadata of a new version (JSON text). */
  metadata?: string | null;
  /** True when the version must be new (npm publishes a version once); false adds files to an existing one (generic). */
  newVersionOnly: boolean;
}

/** What a stored file is, once recorded. */
export interface AddedFile {
  pkg: Package;
  version: PackageVersion;
  blob: PackageBlob;
  /** True when this file made a new version. */
  versionCreated: boolean;
}

/** What a delete is about, for its `package` events: the package and who deletes. */
export interface PackageDeletion {
  pkg: Package;
  by: Owner | undefined;
}

/** Content received into storage but not yet recorded. */
interface ReceivedContent {
  sha256: string;
  size: number;
  /** Those the upload computed (the client's to check), the others unknown yet. */
  digests: Partial<BlobDigests>;
  /** False when the same bytes were stored already (by another file). */
  created: boolean;
}

/** A package file whose blob has every digest (as the package files API and npm show them). */
export interface DigestedPackageFile extends PackageFileWithBlob {
  blob: DigestedPackageBlob;
}

/**
 * Package files: their content in content-addressed storage (one copy per
 * sha256) and their rows through the package store, which keeps the owner's
 * usage in step. An upload streams straight into storage while being hashed
 * and is recorded only when complete; if anything fails on the way (the
 * client goes away, a limit, a conflict), its new content is removed again,
 * so nothing is left: no file, no row, no usage. The md5, sha1 and sha512 an
 * upload did not need are computed when an answer first shows them
 * ({@link withDigests}).
 */
/** A package file's bytes, or the object store's presigned URL of them (SERVE_DIRECT). */
export type PackageFileContent = { content: Readable } | { directUrl: string };

@Injectable()
export class PackageFiles {
  private readonly store: ContentAddressedStore;
  /** Digests being computed, by blob id: a second request for the same blob waits for the first one's. */
  private readonly computing = new Map<number, Promise<DigestedPackageBlob>>();

  constructor(
    private readonly packages: PackageStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly blobs: BlobStorage,
    /** Webhooks' `package` events; optional so the registry works without them. */
    @Optional() private readonly webhooks?: PackageWebhooks,
  ) {
    this.store = new ContentAddressedStore(blobs);
  }

  /**
   * `target` may be a promise: npm learns the version from the rest of the
   * document, which may follow the tarball it streams. It is awaited once the
   * content is stored; if it fails, the content is removed again.
   */
  async add(
    target: PackageFileTarget | Promise<PackageFileTarget>,
    content: Readable,
    limits: {
      maxBytes?: number;
      /** Digests to compute during the upload besides the sha256: those `check` compares with what the client sent. */
      digests?: DigestAlgorithm[];
      check?: (digests: Partial<BlobDigests> & { sha256: string; size: number }) => void;
    } = {},
  ): Promise<AddedFile> {
    if (target instanceof Promise) target.catch(() => undefined); // awaited below, after the content: not unhandled meanwhile
    const received = await this.receive(content, limits.maxBytes, limits.digests ?? []);
    try {
      const resolved = await target;
      limits.check?.({ ...received.digests, sha256: received.sha256, size: received.size });
      const added = await this.record(resolved, received);
      if (added.versionCreated)
        await this.webhooks?.send('created', await this.webhooks.describe(added.pkg, added.version), resolved.creatorId);
      return added;
    } catch (error) {
      await this.discard(received);
      throw error;
    }
  }

  open(blob: PackageBlob): Promise<Readable> {
    return this.store.read(NAMESPACE, blob.sha256);
  }

  /**
   * What a download answers: with `[packages] SERVE_DIRECT` on object storage a
   * presigned URL to redirect to (saved as `fileName`), else the bytes. Call it
   * only after the caller's access is checked.
   */
  async serve(blob: PackageBlob, fileName: string): Promise<PackageFileContent> {
    const directUrl = await this.blobs.presignedReadUrl(shardedKey(NAMESPACE, blob.sha256), {
      expiresInSeconds: DIRECT_DOWNLOAD_SECONDS,
      filename: fileName,
      contentType: 'application/octet-stream',
    });
    return directUrl !== null ? { directUrl } : { content: await this.open(blob) };
  }

  /**
   * The files with every digest of their blobs: those still unknown are
   * computed from the stored file (read and hashed off the event loop) and
   * recorded by blob id, so each blob is hashed once. Two requests of this
   * process asking for the same blob at once share one computation; two
   * processes may both compute it, and both write the same values.
   */
  async withDigests(files: PackageFileWithBlob[]): Promise<DigestedPackageFile[]> {
    const blobs = new Map<number, Promise<DigestedPackageBlob>>();
    for (const { blob } of files) if (!blobs.has(blob.id)) blobs.set(blob.id, this.digested(blob));
    const digested = new Map<number, DigestedPackageBlob>();
    for (const [id, blob] of blobs) digested.set(id, await blob);
    return files.map(({ file, blob }) => ({ file, blob: digested.get(blob.id)! }));
  }

  /** Deletes one file; the version goes with its last file. Returns false when there was no such file. */
  async deleteFile(file: PackageFileWithBlob, deletion?: PackageDeletion): Promise<boolean> {
    if (!(await this.packages.deleteFile(file.file.id))) return false;
    if ((await this.packages.countFiles(file.file.versionId)) === 0) await this.deleteVersion(file.file.versionId, deletion);
    await this.removeUnusedBlobs([file.file.blobId]);
    return true;
  }

  /** Deletes a version with its files, and the package with its last version. */
  async deleteVersion(versionId: number, deletion?: PackageDeletion): Promise<void> {
    const version = await this.packages.findVersionById(versionId);
    if (!version) return;
    const described = deletion && this.webhooks ? await this.webhooks.describe(deletion.pkg, version) : null;
    const blobIds = await this.packages.blobIdsOfVersion(versionId);
    const deleted = await this.packages.deleteVersion(versionId);
    // Under the package's lock: a version published meanwhile keeps the package (and is not deleted with it).
    await this.packages.deletePackageIfEmpty(version.packageId);
    await this.removeUnusedBlobs(blobIds);
    // Only the request that deleted it tells (two deletes at once send one event).
    if (deleted) await this.webhooks?.send('deleted', described, deletion?.by ?? null);
  }

  /** Deletes a package with every version and file. */
  async deletePackage(pkg: Package, by?: Owner): Promise<void> {
    const versions = await this.packages.listVersions(pkg.id);
    const described = this.webhooks ? await Promise.all(versions.map((version) => this.webhooks!.describe(pkg, version))) : [];
    const blobIds = (await Promise.all(versions.map((version) => this.packages.blobIdsOfVersion(version.id)))).flat();
    const deleted = await this.packages.deletePackage(pkg.id);
    await this.removeUnusedBlobs(blobIds);
    // As Forgejo: one `deleted` event for each version.
    if (deleted) for (const each of described) await this.webhooks?.send('deleted', each, by ?? null);
  }

  /** Streams the content into storage, which computes its sha256 and the `digests` asked for in its one pass. */
  private async receive(content: Readable, maxBytes: number | undefined, digests: DigestAlgorithm[]): Promise<ReceivedContent> {
    const stored = await this.store.put(NAMESPACE, content, { maxBytes, digests });
    return { sha256: stored.sha256, size: stored.size, created: stored.created, digests: packageDigests(stored.digests) };
  }

  /** The blob with every digest, computing and recording those it lacks (one computation per blob at a time). */
  private digested(blob: PackageBlob): Promise<DigestedPackageBlob> {
    if (missingDigests(blob).length === 0) return Promise.resolve(blob as DigestedPackageBlob);
    let computing = this.computing.get(blob.id);
    if (!computing) {
      computing = this.computeDigests(blob).finally(() => this.computing.delete(blob.id));
      this.computing.set(blob.id, computing);
    }
    return computing;
  }

  private async computeDigests(blob: PackageBlob): Promise<DigestedPackageBlob> {
    let computed;
    try {
      computed = await this.store.digestsOf(NAMESPACE, blob.sha256, missingDigests(blob));
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw new NotFoundException(`the content of package blob ${blob.sha256} is gone`);
      throw error;
    }
    const recorded = await this.packages.recordDigests(blob.id, packageDigests(computed));
    if (!recorded || missingDigests(recorded).length > 0) throw new NotFoundException(`package blob ${blob.sha256} is gone`);
    return recorded as DigestedPackageBlob;
  }

  private record(target: PackageFileTarget, received: ReceivedContent): Promise<AddedFile> {
    return this.unitOfWork.run(async (tx) => {
      const pkg = await tx.packages.findOrCreatePackage({ ownerId: target.ownerId, type: target.type, name: target.packageName });
      const { version, created } = await tx.packages.findOrCreateVersion(pkg.id, target.version, {
        creatorId: target.creatorId,
        metadata: target.metadata ?? null,
      });
      if (!created && target.newVersionOnly)
        throw new ConflictException(`version ${target.version} of ${target.packageName} already exists`);
      if (await tx.packages.findFile(version.id, target.fileName))
        throw new ConflictException(`file ${target.fileName} already exists in ${target.packageName} ${target.version}`);
      const blob = await tx.packages.putBlob(received.sha256, received.size, received.digests);
      await tx.packages.addFile(version.id, blob.id, target.fileName);
      return { pkg, version, blob, versionCreated: created };
    });
  }

  /** Removes content this upload stored, unless a recorded file uses the same bytes. */
  private async discard(received: ReceivedContent): Promise<void> {
    if (received.created && !(await this.packages.findBlobBySha256(received.sha256))) await this.store.delete(NAMESPACE, received.sha256);
  }

  private async removeUnusedBlobs(blobIds: number[]): Promise<void> {
    for (const blobId of new Set(blobIds)) {
      const removed = await this.packages.deleteBlobIfUnused(blobId);
      if (removed) await this.store.delete(NAMESPACE, removed.sha256);
    }
  }
}
